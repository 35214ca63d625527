ALTER TABLE "campaign_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE INDEX "jobs_locked_by_idx" ON "jobs" USING btree ("locked_by") WHERE "jobs"."locked_by" is not null;