CREATE TABLE "subscriber_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"subscribers" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscribers_tags_idx" ON "subscribers" USING gin ("tags");