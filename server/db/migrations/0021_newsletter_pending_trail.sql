ALTER TABLE "subscribers" ADD COLUMN "pending_touchpoints" jsonb;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "pending_trail_key_hash" text;