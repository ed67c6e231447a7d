CREATE SEQUENCE "public"."validation_generation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "data_entries" (
	"dup_hash" bigint,
	"generation" integer NOT NULL,
	"row_index" integer NOT NULL,
	"row_number" integer NOT NULL,
	"entry_date" date,
	"is_valid" boolean NOT NULL,
	"values" jsonb NOT NULL,
	"validation_errors" jsonb,
	CONSTRAINT "data_entries_generation_row_index_pk" PRIMARY KEY("generation","row_index")
);
--> statement-breakpoint
CREATE TABLE "file_validations" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"run_generation" integer DEFAULT 0 NOT NULL,
	"entries_generation" integer DEFAULT 0 NOT NULL,
	"entry_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text,
	"is_valid" boolean DEFAULT false NOT NULL,
	"fields" jsonb,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"empty_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"data_point_errors" integer DEFAULT 0 NOT NULL,
	"data_point_warnings" integer DEFAULT 0 NOT NULL,
	"data_point_successes" integer DEFAULT 0 NOT NULL,
	"rows_validated" integer DEFAULT 0 NOT NULL,
	"run" jsonb,
	"failure_reason" text,
	"started_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_issues" (
	"file_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"row_number" integer,
	"field" text,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"value" text
);
--> statement-breakpoint
CREATE TABLE "column_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"source_index" integer NOT NULL,
	"source_column" text NOT NULL,
	"category" text NOT NULL,
	"suggested_target_field" text,
	"confidence" real DEFAULT 0 NOT NULL,
	"reasoning" text NOT NULL,
	"alternative_suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detected_unit" text,
	"is_accepted" boolean DEFAULT false NOT NULL,
	"is_rejected" boolean DEFAULT false NOT NULL,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"source_column" text NOT NULL,
	"source_index" integer NOT NULL,
	"normalized_header" text NOT NULL,
	"target_field" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"transformations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"catalogue_version" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_validations" ADD CONSTRAINT "file_validations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_validations" ADD CONSTRAINT "file_validations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_issues" ADD CONSTRAINT "validation_issues_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_analyses" ADD CONSTRAINT "column_analyses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_analyses" ADD CONSTRAINT "column_analyses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_mappings" ADD CONSTRAINT "file_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_mappings" ADD CONSTRAINT "file_mappings_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_mappings" ADD CONSTRAINT "file_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_entries_invalid_idx" ON "data_entries" USING btree ("generation","row_index") WHERE NOT "data_entries"."is_valid";--> statement-breakpoint
CREATE INDEX "file_validations_org_idx" ON "file_validations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "validation_issues_file_idx" ON "validation_issues" USING btree ("file_id","generation","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "column_analyses_file_column_unique" ON "column_analyses" USING btree ("file_id","source_index");--> statement-breakpoint
CREATE UNIQUE INDEX "file_mappings_active_column_unique" ON "file_mappings" USING btree ("file_id","source_index") WHERE "file_mappings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "file_mappings_active_field_unique" ON "file_mappings" USING btree ("file_id","target_field") WHERE "file_mappings"."is_active";--> statement-breakpoint
CREATE INDEX "file_mappings_org_header_idx" ON "file_mappings" USING btree ("organization_id","category","normalized_header");