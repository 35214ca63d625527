CREATE INDEX "clients_company_lower_id_idx" ON "clients" USING btree (lower("company"),"id");--> statement-breakpoint
CREATE INDEX "subscribers_created_at_id_idx" ON "subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_email_search_idx" ON "subscribers" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "subscribers_name_search_idx" ON "subscribers" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_milestones_open_due_idx" ON "project_milestones" USING btree ("due_date") WHERE "project_milestones"."is_done" = false;