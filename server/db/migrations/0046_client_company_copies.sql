-- Each client-owned row (invoices, projects, proposals) keeps a copy of its client's company,
-- which the list's search box reads beside the row's own text through one trigram index of
-- the table's own, instead of finding the clients first and matching their ids (decision 830).
-- The database keeps the copy true: a row written, or moved to another client, takes its
-- client's company; a client's new company is copied to its rows.
ALTER TABLE "invoices" ADD COLUMN "client_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "client_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "client_company" = c."company" FROM "clients" AS c WHERE c."id" = "invoices"."client_id";--> statement-breakpoint
UPDATE "projects" SET "client_company" = c."company" FROM "clients" AS c WHERE c."id" = "projects"."client_id";--> statement-breakpoint
UPDATE "proposals" SET "client_company" = c."company" FROM "clients" AS c WHERE c."id" = "proposals"."client_id";--> statement-breakpoint
CREATE INDEX "invoices_client_company_search_idx" ON "invoices" USING gin (lower("client_company") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_client_company_search_idx" ON "projects" USING gin (lower("client_company") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "proposals_client_company_search_idx" ON "proposals" USING gin (lower("client_company") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- A row's client unknown leaves the copy empty: the reference then refuses the row, as before.
CREATE FUNCTION frontier_client_company_copied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_company := coalesce((SELECT company FROM clients WHERE id = NEW.client_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_client_company BEFORE INSERT OR UPDATE OF client_id ON invoices
FOR EACH ROW EXECUTE FUNCTION frontier_client_company_copied();
--> statement-breakpoint
CREATE TRIGGER projects_client_company BEFORE INSERT OR UPDATE OF client_id ON projects
FOR EACH ROW EXECUTE FUNCTION frontier_client_company_copied();
--> statement-breakpoint
CREATE TRIGGER proposals_client_company BEFORE INSERT OR UPDATE OF client_id ON proposals
FOR EACH ROW EXECUTE FUNCTION frontier_client_company_copied();
--> statement-breakpoint
CREATE FUNCTION frontier_client_company_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET client_company = NEW.company WHERE client_id = NEW.id;
  UPDATE projects SET client_company = NEW.company WHERE client_id = NEW.id;
  UPDATE proposals SET client_company = NEW.company WHERE client_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_company_copied AFTER UPDATE OF company ON clients
FOR EACH ROW WHEN (OLD.company IS DISTINCT FROM NEW.company)
EXECUTE FUNCTION frontier_client_company_renamed();
