CREATE TABLE "emission_factors" (
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"fuel" text,
	"consumer" text,
	"activity" text,
	"value" text NOT NULL,
	"unit" text NOT NULL,
	"document" text NOT NULL,
	"section" text NOT NULL,
	"edition" text NOT NULL,
	"evidence" text NOT NULL,
	"supplier_organization_id" uuid,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_factors_organization_id_key_version_pk" PRIMARY KEY("organization_id","key","version")
);
--> statement-breakpoint
CREATE TABLE "emission_report_cells" (
	"run_id" uuid NOT NULL,
	"month" date,
	"scope3" text NOT NULL,
	"file_category" text NOT NULL,
	"supplier_organization_id" uuid,
	"vessel_imo" text,
	"vessel_name" text,
	"route" text,
	"method" text NOT NULL,
	"data_quality" text NOT NULL,
	"entries" integer NOT NULL,
	"co2_ttw_kg" double precision NOT NULL,
	"co2e_ttw_kg" double precision NOT NULL,
	"co2e_wtw_kg" double precision NOT NULL,
	"activity_amount" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_results" (
	"run_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"row_index" integer NOT NULL,
	"part" smallint DEFAULT 0 NOT NULL,
	"file_id" uuid NOT NULL,
	"supplier_organization_id" uuid,
	"month" date,
	"scope3" text NOT NULL,
	"rule_id" text NOT NULL,
	"method" text NOT NULL,
	"data_quality" text NOT NULL,
	"file_category" text NOT NULL,
	"vessel_imo" text,
	"vessel_name" text,
	"route" text,
	"activity" text,
	"note" text,
	"co2_ttw_kg" double precision NOT NULL,
	"co2e_ttw_kg" double precision NOT NULL,
	"co2e_wtw_kg" double precision NOT NULL,
	"factor_set" smallint NOT NULL,
	CONSTRAINT "emission_results_run_id_generation_row_index_part_pk" PRIMARY KEY("run_id","generation","row_index","part")
);
--> statement-breakpoint
CREATE TABLE "emission_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text NOT NULL,
	"gwp_set" text NOT NULL,
	"consolidation_approach" text NOT NULL,
	"library_version" text NOT NULL,
	"factor_sets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entries_total" integer DEFAULT 0 NOT NULL,
	"entries_done" integer DEFAULT 0 NOT NULL,
	"entries_computed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"gwp_set" text DEFAULT 'AR6' NOT NULL,
	"consolidation_approach" text DEFAULT 'operational_control' NOT NULL,
	"current_run_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_vessel_years" (
	"run_id" uuid NOT NULL,
	"imo" text NOT NULL,
	"year" integer NOT NULL,
	"name" text,
	"ship_type" text,
	"supplier_organization_id" uuid,
	"co2_kg" double precision NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "emission_vessel_years_run_id_imo_year_pk" PRIMARY KEY("run_id","imo","year")
);
--> statement-breakpoint
CREATE TABLE "mrv_reference_ships" (
	"reporting_year" integer NOT NULL,
	"imo" text NOT NULL,
	"name" text,
	"ship_type" text NOT NULL,
	"co2_per_distance" double precision,
	"co2_per_transport_work" double precision,
	"total_co2_tonnes" double precision,
	"total_fuel_tonnes" double precision,
	"source_file" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mrv_reference_ships_reporting_year_imo_pk" PRIMARY KEY("reporting_year","imo")
);
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_report_cells" ADD CONSTRAINT "emission_report_cells_run_id_emission_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."emission_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_results" ADD CONSTRAINT "emission_results_run_id_emission_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."emission_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_runs" ADD CONSTRAINT "emission_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_runs" ADD CONSTRAINT "emission_runs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_settings" ADD CONSTRAINT "emission_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_vessel_years" ADD CONSTRAINT "emission_vessel_years_run_id_emission_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."emission_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emission_report_cells_run_idx" ON "emission_report_cells" USING btree ("run_id","month");--> statement-breakpoint
CREATE INDEX "emission_results_run_month_idx" ON "emission_results" USING btree ("run_id","month");--> statement-breakpoint
CREATE INDEX "emission_results_entry_idx" ON "emission_results" USING btree ("generation","row_index");--> statement-breakpoint
CREATE INDEX "emission_runs_org_idx" ON "emission_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "mrv_reference_ships_type_idx" ON "mrv_reference_ships" USING btree ("reporting_year","ship_type");