CREATE INDEX "case_studies_updated_at_id_idx" ON "case_studies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "case_studies_status_updated_at_id_idx" ON "case_studies" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "insights_updated_at_id_idx" ON "insights" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "insights_status_updated_at_id_idx" ON "insights" USING btree ("status","updated_at","id");