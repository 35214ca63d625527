DROP INDEX "search_documents_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_documents_title_vector_idx" ON "search_documents" USING gin ("title_vector");