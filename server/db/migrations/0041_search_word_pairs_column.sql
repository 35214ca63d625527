-- The phrase index's word pairs become a column (decision 822). The index on the expression
-- evaluated search_word_pairs for every row it was built on (about 3 ms a page on the embedded
-- engine: 100,000 pages took minutes), and a writer could not give pairs it already knew.
-- The trigger computes them whenever a row arrives without them (empty) or its text changes;
-- the scaled seed gives them, computed once for each of its texts.
DROP INDEX "search_documents_phrase_idx";--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "word_pairs" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE FUNCTION search_documents_word_pairs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.word_pairs = ''::tsvector OR (TG_OP = 'UPDATE' AND (
      NEW.title IS DISTINCT FROM OLD.title OR NEW.summary IS DISTINCT FROM OLD.summary
      OR NEW.keywords IS DISTINCT FROM OLD.keywords OR NEW.body IS DISTINCT FROM OLD.body)) THEN
    NEW.word_pairs := search_word_pairs('english', NEW.title, NEW.summary || ' ' || NEW.keywords, NEW.body);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_documents_word_pairs BEFORE INSERT OR UPDATE ON "search_documents"
  FOR EACH ROW EXECUTE FUNCTION search_documents_word_pairs();--> statement-breakpoint
UPDATE "search_documents" SET "word_pairs" = search_word_pairs('english', "title", "summary" || ' ' || "keywords", "body");--> statement-breakpoint
CREATE INDEX "search_documents_phrase_idx" ON "search_documents" USING gin ("word_pairs") WITH (fastupdate=false);
