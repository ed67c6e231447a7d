CREATE TABLE "file_row_chunks" (
	"file_id" uuid NOT NULL,
	"first_row_number" integer NOT NULL,
	"last_row_number" integer NOT NULL,
	"first_index" integer NOT NULL,
	"row_count" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "file_row_chunks_file_id_first_row_number_pk" PRIMARY KEY("file_id","first_row_number")
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_email" text,
	"total_size" bigint DEFAULT 0 NOT NULL,
	"supplier_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_upload_id" uuid,
	"original_name" text NOT NULL,
	"sanitized_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_type" text,
	"storage_key" text NOT NULL,
	"sha256" text,
	"duplicate_of_file_id" uuid,
	"uploaded_by" uuid,
	"uploaded_by_email" text,
	"category" text,
	"file_metadata" jsonb,
	"read_details" jsonb,
	"selected_sheet" text,
	"error" jsonb,
	"bytes_received" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"read_percent" integer DEFAULT 0 NOT NULL,
	"parse_generation" integer DEFAULT 0 NOT NULL,
	"upload_expires_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"purpose" text,
	"secondary_purpose" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_row_chunks" ADD CONSTRAINT "file_row_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_duplicate_of_file_id_files_id_fk" FOREIGN KEY ("duplicate_of_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_row_chunks" ALTER COLUMN "rows" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE INDEX "file_row_chunks_index_idx" ON "file_row_chunks" USING btree ("file_id","first_index");--> statement-breakpoint
CREATE INDEX "file_uploads_org_created_idx" ON "file_uploads" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_unique" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_file_upload_idx" ON "files" USING btree ("file_upload_id");--> statement-breakpoint
CREATE INDEX "files_org_sha256_idx" ON "files" USING btree ("organization_id","sha256");--> statement-breakpoint
CREATE INDEX "files_org_created_idx" ON "files" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_file_unique" ON "uploads" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "uploads_org_created_idx" ON "uploads" USING btree ("organization_id","created_at");