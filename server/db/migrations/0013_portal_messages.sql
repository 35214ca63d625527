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
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_thread_id_portal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."portal_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_threads" ADD CONSTRAINT "portal_threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_messages_thread_seq_idx" ON "portal_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE INDEX "portal_messages_waiting_idx" ON "portal_messages" USING btree ("author_kind","created_at") WHERE "portal_messages"."noticed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_threads_project_idx" ON "portal_threads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "portal_threads_last_message_idx" ON "portal_threads" USING btree ("last_message_at");