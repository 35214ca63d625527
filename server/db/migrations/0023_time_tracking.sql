CREATE TABLE "client_managers" (
	"client_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "client_managers_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_rates" (
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"billing_rate" integer NOT NULL,
	CONSTRAINT "project_rates_project_id_user_id_pk" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_rates_billing_check" CHECK ("project_rates"."billing_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_time_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"rounding_minutes" integer DEFAULT 0 NOT NULL,
	"budget_minutes" integer,
	"retainer_included_minutes" integer,
	"retainer_included_from" date,
	"is_shown_in_portal" boolean DEFAULT false NOT NULL,
	"alerted_80_at" timestamp with time zone,
	"alerted_100_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_time_settings_rounding_check" CHECK ("project_time_settings"."rounding_minutes" in (0, 6, 15, 30)),
	CONSTRAINT "project_time_settings_budget_check" CHECK ("project_time_settings"."budget_minutes" > 0),
	CONSTRAINT "project_time_settings_included_check" CHECK ("project_time_settings"."retainer_included_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "retainer_overages" (
	"project_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"included_minutes" integer NOT NULL,
	"logged_minutes" integer NOT NULL,
	"overage_minutes" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainer_overages_project_id_period_start_pk" PRIMARY KEY("project_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "staff_rates" (
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"billing_rate" integer,
	"cost_rate" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_rates_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "staff_rates_billing_check" CHECK ("staff_rates"."billing_rate" >= 0),
	CONSTRAINT "staff_rates_cost_check" CHECK ("staff_rates"."cost_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_time_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"weekly_capacity_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_approvals" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"approved_by" text,
	"approved_by_email" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_approvals_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"milestone_id" uuid,
	"entry_date" date NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_billable" boolean DEFAULT true NOT NULL,
	"invoice_id" uuid,
	"retainer_period_start" date,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" between 1 and 1500)
);
--> statement-breakpoint
CREATE TABLE "time_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"csv" text NOT NULL,
	"imported_count" integer,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_timers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"milestone_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"is_billable" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_rows" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"project_id" uuid NOT NULL,
	CONSTRAINT "timesheet_rows_user_id_week_start_project_id_pk" PRIMARY KEY("user_id","week_start","project_id")
);
--> statement-breakpoint
ALTER TABLE "client_managers" ADD CONSTRAINT "client_managers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_managers" ADD CONSTRAINT "client_managers_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rates" ADD CONSTRAINT "project_rates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rates" ADD CONSTRAINT "project_rates_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_time_settings" ADD CONSTRAINT "project_time_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overages" ADD CONSTRAINT "retainer_overages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_overages" ADD CONSTRAINT "retainer_overages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_rates" ADD CONSTRAINT "staff_rates_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_profiles" ADD CONSTRAINT "staff_time_profiles_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_approvals" ADD CONSTRAINT "time_approvals_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_imports" ADD CONSTRAINT "time_imports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_rows" ADD CONSTRAINT "timesheet_rows_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_rows" ADD CONSTRAINT "timesheet_rows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_managers_user_idx" ON "client_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "time_entries_user_date_idx" ON "time_entries" USING btree ("user_id","entry_date");--> statement-breakpoint
CREATE INDEX "time_entries_project_date_idx" ON "time_entries" USING btree ("project_id","entry_date");--> statement-breakpoint
CREATE INDEX "time_entries_invoice_idx" ON "time_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "time_entries_updated_idx" ON "time_entries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_import_key_idx" ON "time_entries" USING btree ("import_key");--> statement-breakpoint
CREATE INDEX "time_imports_created_idx" ON "time_imports" USING btree ("created_at");