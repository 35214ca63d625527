CREATE TABLE "import_items" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"unit" integer NOT NULL,
	"item_kind" text NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"outcome" text,
	"outcome_note" text,
	"target_href" text,
	CONSTRAINT "import_items_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"source" text NOT NULL,
	"item_kind" text NOT NULL,
	"source_key" text NOT NULL,
	"target_id" text NOT NULL,
	"target_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_records_source_item_kind_source_key_pk" PRIMARY KEY("source","item_kind","source_key")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'analysing' NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"zip_name" text,
	"zip_bytes" bigint,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"planned" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcomes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"error" text,
	"actor_id" text,
	"actor_email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_export_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_action_idx" ON "import_items" USING btree ("run_id","action","position");--> statement-breakpoint
CREATE INDEX "import_items_unit_idx" ON "import_items" USING btree ("run_id","unit","position");--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_export_links_hash_idx" ON "data_export_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_export_links_email_idx" ON "data_export_links" USING btree ("email","created_at");