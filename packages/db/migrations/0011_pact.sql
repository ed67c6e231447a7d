CREATE TABLE "pact_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_hint" text NOT NULL,
	"connection_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pact_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"supplier_organization_id" uuid,
	"base_url" text NOT NULL,
	"token_url" text,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_sync_started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"entries_file_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pact_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"client_id" uuid,
	"connection_id" uuid,
	"event_type" text NOT NULL,
	"event_id" text NOT NULL,
	"source" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"footprint_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pact_footprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"product_key" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"run_id" uuid,
	"document" jsonb NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone,
	"reference_period_start" timestamp with time zone NOT NULL,
	"reference_period_end" timestamp with time zone NOT NULL,
	"published_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pact_received_footprints" (
	"connection_id" uuid NOT NULL,
	"footprint_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"document" jsonb NOT NULL,
	"quantity" double precision,
	"is_valid" boolean DEFAULT true NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pact_received_footprints_connection_id_footprint_id_pk" PRIMARY KEY("connection_id","footprint_id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "supplier_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "pact_clients" ADD CONSTRAINT "pact_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_clients" ADD CONSTRAINT "pact_clients_connection_id_pact_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pact_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_clients" ADD CONSTRAINT "pact_clients_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_clients" ADD CONSTRAINT "pact_clients_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_connections" ADD CONSTRAINT "pact_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_connections" ADD CONSTRAINT "pact_connections_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_connections" ADD CONSTRAINT "pact_connections_entries_file_id_files_id_fk" FOREIGN KEY ("entries_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_connections" ADD CONSTRAINT "pact_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_events" ADD CONSTRAINT "pact_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_events" ADD CONSTRAINT "pact_events_client_id_pact_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."pact_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_events" ADD CONSTRAINT "pact_events_connection_id_pact_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pact_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_footprints" ADD CONSTRAINT "pact_footprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_footprints" ADD CONSTRAINT "pact_footprints_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_received_footprints" ADD CONSTRAINT "pact_received_footprints_connection_id_pact_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pact_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pact_received_footprints" ADD CONSTRAINT "pact_received_footprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pact_clients_client_id_unique" ON "pact_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "pact_clients_org_idx" ON "pact_clients" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "pact_connections_org_idx" ON "pact_connections" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pact_connections_supplier_unique" ON "pact_connections" USING btree ("organization_id","supplier_organization_id");--> statement-breakpoint
CREATE INDEX "pact_events_org_idx" ON "pact_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pact_events_unique" ON "pact_events" USING btree ("organization_id","direction","source","event_id");--> statement-breakpoint
CREATE INDEX "pact_footprints_org_idx" ON "pact_footprints" USING btree ("organization_id","created","id");--> statement-breakpoint
CREATE INDEX "pact_footprints_product_idx" ON "pact_footprints" USING btree ("organization_id","product_key");--> statement-breakpoint
CREATE INDEX "pact_received_org_idx" ON "pact_received_footprints" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;