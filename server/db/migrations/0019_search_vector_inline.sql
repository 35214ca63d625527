-- A search ranks every match by its search_vector (about 5 KB for an article), so the vector
-- is kept in the row itself (STORAGE MAIN, rows up to a whole page before anything moves
-- out) instead of in the TOAST table, where reading it cost an index lookup and a few chunks
-- per match, twice (decision 727). The index's next rebuild (its format changed) rewrites
-- every row this way.
ALTER TABLE "search_documents" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "search_documents" ALTER COLUMN "search_vector" SET STORAGE MAIN;
