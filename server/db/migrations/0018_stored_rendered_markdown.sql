ALTER TABLE "case_studies" ADD COLUMN "challenge_html" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "solution_html" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "results_html" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "rendered_version" integer;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "reading_minutes" integer;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "rendered_version" integer;--> statement-breakpoint
-- Stored HTML is only as good as the Markdown it was made from: any write that changes the
-- Markdown without writing new HTML with it (a seed, a script, a hand-written UPDATE) marks
-- the row as not rendered, and the next read or start renders it again (decision 705).
CREATE OR REPLACE FUNCTION frontier_markdown_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.rendered_version := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insights_markdown_changed BEFORE UPDATE ON insights
FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body AND OLD.body_html IS NOT DISTINCT FROM NEW.body_html)
EXECUTE FUNCTION frontier_markdown_changed();
--> statement-breakpoint
CREATE TRIGGER case_studies_markdown_changed BEFORE UPDATE ON case_studies
FOR EACH ROW WHEN ((OLD.challenge, OLD.solution, OLD.results) IS DISTINCT FROM (NEW.challenge, NEW.solution, NEW.results)
  AND (OLD.challenge_html, OLD.solution_html, OLD.results_html) IS NOT DISTINCT FROM (NEW.challenge_html, NEW.solution_html, NEW.results_html))
EXECUTE FUNCTION frontier_markdown_changed();
