-- A page's word pairs move from the phrase index's expression to a table of their own
-- (decision 822). The expression cost about 3 ms a page on the embedded engine wherever it
-- was evaluated: building the index and `analyze` over 100,000 pages took minutes, and a writer
-- could not give pairs it already knew. As a column they made every document row 2.4 KB wider
-- and the ranking slower, so they are a table joined only by a quoted phrase. The triggers
-- write a page's pairs when it is inserted and when its text changes. A writer that knows the
-- pairs may give them in the statement that inserts the page (the scaled seed, which computes
-- a body's pairs once for each of its few texts): row triggers fire when the statement ends,
-- so the insert trigger finds them there and leaves them.
CREATE TABLE "search_document_pairs" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"pairs" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_document_pairs" ADD CONSTRAINT "search_document_pairs_document_id_search_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."search_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION search_document_pairs_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND EXISTS (SELECT 1 FROM search_document_pairs WHERE document_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_document_pairs (document_id, pairs)
  VALUES (NEW.id, search_word_pairs('english', NEW.title, NEW.summary || ' ' || NEW.keywords, NEW.body))
  ON CONFLICT (document_id) DO UPDATE SET pairs = excluded.pairs;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_document_pairs_on_insert AFTER INSERT ON "search_documents"
  FOR EACH ROW EXECUTE FUNCTION search_document_pairs_write();--> statement-breakpoint
CREATE TRIGGER search_document_pairs_on_update AFTER UPDATE OF "title", "summary", "keywords", "body" ON "search_documents"
  FOR EACH ROW WHEN (NEW.title IS DISTINCT FROM OLD.title OR NEW.summary IS DISTINCT FROM OLD.summary
    OR NEW.keywords IS DISTINCT FROM OLD.keywords OR NEW.body IS DISTINCT FROM OLD.body)
  EXECUTE FUNCTION search_document_pairs_write();--> statement-breakpoint
INSERT INTO "search_document_pairs" ("document_id", "pairs")
  SELECT "id", search_word_pairs('english', "title", "summary" || ' ' || "keywords", "body") FROM "search_documents";--> statement-breakpoint
DROP INDEX "search_documents_phrase_idx";--> statement-breakpoint
CREATE INDEX "search_document_pairs_idx" ON "search_document_pairs" USING gin ("pairs") WITH (fastupdate=false);
