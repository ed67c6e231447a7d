CREATE TABLE "calendar_task_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"message" text NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"response_upload_id" uuid,
	"created_by_user_id" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"supplier_organization_id" uuid NOT NULL,
	"task_type" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"assigned_user_id" uuid,
	"parent_task_id" uuid,
	"request_upload_id" uuid,
	"response_upload_id" uuid,
	"required_upload_purpose" text,
	"required_upload_secondary_purpose" text,
	"message" text,
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_supplier_matching" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"status" text NOT NULL,
	"supplier_field" text,
	"failure_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offset_days" integer NOT NULL,
	"outcome" text NOT NULL,
	"digest_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_digests" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"reminder_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_match_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"normalized_name" text NOT NULL,
	"supplier_organization_id" uuid,
	"confirmed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_supplier_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_upload_id" uuid,
	"file_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"supplier_name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"identifiers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"supplier_org_id" uuid,
	"match_status" text NOT NULL,
	"match_score" double precision,
	"match_reason" text,
	"possible_matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"contact_email" text,
	"item_count" integer NOT NULL,
	"row_indices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calendar_task_id" uuid,
	"response_upload_id" uuid,
	"upload_purpose" text,
	"upload_secondary_purpose" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reminders_muted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "calendar_task_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_task_reviews" ADD CONSTRAINT "calendar_task_reviews_task_id_calendar_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."calendar_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_task_reviews" ADD CONSTRAINT "calendar_task_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_task_reviews" ADD CONSTRAINT "calendar_task_reviews_response_upload_id_file_uploads_id_fk" FOREIGN KEY ("response_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_task_reviews" ADD CONSTRAINT "calendar_task_reviews_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_parent_task_id_calendar_tasks_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."calendar_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_request_upload_id_file_uploads_id_fk" FOREIGN KEY ("request_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_response_upload_id_file_uploads_id_fk" FOREIGN KEY ("response_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tasks" ADD CONSTRAINT "calendar_tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_supplier_matching" ADD CONSTRAINT "file_supplier_matching_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_supplier_matching" ADD CONSTRAINT "file_supplier_matching_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_task_id_calendar_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."calendar_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_match_confirmations" ADD CONSTRAINT "supplier_match_confirmations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_match_confirmations" ADD CONSTRAINT "supplier_match_confirmations_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_match_confirmations" ADD CONSTRAINT "supplier_match_confirmations_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_calendar_task_id_calendar_tasks_id_fk" FOREIGN KEY ("calendar_task_id") REFERENCES "public"."calendar_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_supplier_data" ADD CONSTRAINT "upload_supplier_data_response_upload_id_file_uploads_id_fk" FOREIGN KEY ("response_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD CONSTRAINT "user_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_task_reviews_task_idx" ON "calendar_task_reviews" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "calendar_tasks_org_status_idx" ON "calendar_tasks" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "calendar_tasks_supplier_status_idx" ON "calendar_tasks" USING btree ("supplier_organization_id","status");--> statement-breakpoint
CREATE INDEX "calendar_tasks_calendar_idx" ON "calendar_tasks" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "calendar_tasks_parent_idx" ON "calendar_tasks" USING btree ("parent_task_id");--> statement-breakpoint
CREATE INDEX "calendar_tasks_response_upload_idx" ON "calendar_tasks" USING btree ("response_upload_id");--> statement-breakpoint
CREATE INDEX "calendars_org_deadline_idx" ON "calendars" USING btree ("organization_id","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_key_user_unique" ON "reminder_deliveries" USING btree ("key","user_id");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_task_idx" ON "reminder_deliveries" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_match_confirmations_org_name_unique" ON "supplier_match_confirmations" USING btree ("organization_id","normalized_name");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_supplier_data_file_name_unique" ON "upload_supplier_data" USING btree ("file_id","normalized_name");--> statement-breakpoint
CREATE INDEX "upload_supplier_data_upload_idx" ON "upload_supplier_data" USING btree ("file_upload_id");--> statement-breakpoint
CREATE INDEX "upload_supplier_data_task_idx" ON "upload_supplier_data" USING btree ("calendar_task_id");--> statement-breakpoint
CREATE INDEX "upload_supplier_data_org_idx" ON "upload_supplier_data" USING btree ("organization_id");