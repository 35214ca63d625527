CREATE TABLE "portal_access" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sign_in_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_views" (
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_views_contact_id_kind_record_id_pk" PRIMARY KEY("contact_id","kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "project_shared_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "first_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "accepted_snapshot_sha256" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "accepted_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "accepted_email" text;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_views" ADD CONSTRAINT "portal_views_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_shared_files" ADD CONSTRAINT "project_shared_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_access_client_idx" ON "portal_access" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_hash_idx" ON "portal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_links_contact_idx" ON "portal_links" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_hash_idx" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_contact_idx" ON "portal_sessions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "portal_sign_in_requests_email_idx" ON "portal_sign_in_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "portal_sign_in_requests_address_idx" ON "portal_sign_in_requests" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "project_shared_files_project_idx" ON "project_shared_files" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_accepted_contact_id_client_contacts_id_fk" FOREIGN KEY ("accepted_contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;