DROP INDEX "chat_conversations_status_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_idx";--> statement-breakpoint
CREATE INDEX "chat_conversations_status_last_id_idx" ON "chat_conversations" USING btree ("status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_last_message_id_idx" ON "chat_conversations" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "comments_status_created_id_idx" ON "comments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "podcast_episodes_list_time_id_idx" ON "podcast_episodes" USING btree (coalesce("published_at", "publish_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "testimonials_position_created_id_idx" ON "testimonials" USING btree ("position","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_id_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_at_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_name_id_idx" ON "leads" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "leads_name_id_idx" ON "leads" USING btree ("name","id");