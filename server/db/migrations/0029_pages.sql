CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"social_image" text,
	"is_noindex" boolean DEFAULT false NOT NULL,
	"is_home" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE INDEX "pages_status_idx" ON "pages" USING btree ("status","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_one_home_idx" ON "pages" USING btree ("is_home") WHERE "pages"."is_home";