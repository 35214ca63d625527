CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text DEFAULT 'view' NOT NULL,
	"path" text NOT NULL,
	"episode" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"country" text,
	"visitor_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_touchpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"subscriber_id" uuid,
	"conversation_id" uuid,
	"position" integer NOT NULL,
	"path" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_touchpoints_one_owner" CHECK (num_nonnulls("lead_touchpoints"."lead_id", "lead_touchpoints"."subscriber_id", "lead_touchpoints"."conversation_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "proposal_section_times" (
	"visit_id" uuid NOT NULL,
	"section" text NOT NULL,
	"milliseconds" integer NOT NULL,
	CONSTRAINT "proposal_section_times_visit_id_section_pk" PRIMARY KEY("visit_id","section")
);
--> statement-breakpoint
CREATE TABLE "proposal_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"visit_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_section_times" ADD CONSTRAINT "proposal_section_times_visit_id_proposal_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."proposal_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_visits" ADD CONSTRAINT "proposal_visits_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_day_idx" ON "analytics_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "lead_touchpoints_lead_idx" ON "lead_touchpoints" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_touchpoints_subscriber_idx" ON "lead_touchpoints" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "lead_touchpoints_conversation_idx" ON "lead_touchpoints" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "lead_touchpoints_path_idx" ON "lead_touchpoints" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_visits_key_idx" ON "proposal_visits" USING btree ("proposal_id","visit_key");