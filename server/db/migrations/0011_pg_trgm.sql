-- Trigram matching for the site search's typo tolerance (search_documents' title index).
-- PGlite loads the extension's files itself (server/db/client.ts); on PostgreSQL the
-- migrating user must be allowed to create it (a superuser, or the database owner on
-- PostgreSQL 13+ where pg_trgm is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
