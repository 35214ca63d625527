CREATE INDEX "client_contacts_name_search_idx" ON "client_contacts" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "client_contacts_email_search_idx" ON "client_contacts" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clients_company_search_idx" ON "clients" USING gin (lower("company") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoices_number_search_idx" ON "invoices" USING gin (lower("number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_name_search_idx" ON "projects" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proposals_title_search_idx" ON "proposals" USING gin (lower("title") gin_trgm_ops) WITH (fastupdate=false);