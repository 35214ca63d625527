CREATE TABLE "portal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author_kind" text NOT NULL,
	"contact_id" uuid,
	"staff_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"noticed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"last_author_kind" text,
	"client_read_seq" integer DEFAULT 0 NOT NULL,
	"client_read_at" timestamp with time zone,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retainer_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retainer_id" uuid NOT NULL,
	"paused_on" date NOT NULL,
	"resumed_on" date,
	"paused_by" text,
	"resumed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retainer_periods" (
	"retainer_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"status" text NOT NULL,
	"invoice_id" uuid,
	"version_id" uuid,
	"sent_at" timestamp with time zone,
	"sending_since" timestamp with time zone,
	"send_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainer_periods_retainer_id_period_start_pk" PRIMARY KEY("retainer_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "retainer_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retainer_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainer_versions_amount_check" CHECK ("retainer_versions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "retainers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"issue_day" integer NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retainers_issue_day_check" CHECK ("retainers"."issue_day" between 1 and 28),
	CONSTRAINT "retainers_terms_check" CHECK ("retainers"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_thread_id_portal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."portal_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_threads" ADD CONSTRAINT "portal_threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_pauses" ADD CONSTRAINT "retainer_pauses_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_periods" ADD CONSTRAINT "retainer_periods_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_periods" ADD CONSTRAINT "retainer_periods_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_periods" ADD CONSTRAINT "retainer_periods_version_id_retainer_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."retainer_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainer_versions" ADD CONSTRAINT "retainer_versions_retainer_id_retainers_id_fk" FOREIGN KEY ("retainer_id") REFERENCES "public"."retainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retainers" ADD CONSTRAINT "retainers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_messages_thread_seq_idx" ON "portal_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE INDEX "portal_messages_waiting_idx" ON "portal_messages" USING btree ("author_kind","created_at") WHERE "portal_messages"."noticed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_threads_project_idx" ON "portal_threads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "portal_threads_last_message_idx" ON "portal_threads" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "retainer_pauses_retainer_idx" ON "retainer_pauses" USING btree ("retainer_id");--> statement-breakpoint
CREATE INDEX "retainer_periods_unsent_idx" ON "retainer_periods" USING btree ("sending_since") WHERE "retainer_periods"."invoice_id" is not null and "retainer_periods"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "retainer_versions_retainer_idx" ON "retainer_versions" USING btree ("retainer_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "retainers_project_idx" ON "retainers" USING btree ("project_id");