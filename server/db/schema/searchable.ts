import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A GIN index's expression for a list's search box: the trigrams of the lower-cased text,
 * which is what containsText (`lower(column) like '%…%'`) looks up instead of reading
 * every row.
 */
export const searchable = (column: AnyPgColumn): SQL => sql`lower(${column}) gin_trgm_ops`;

/**
 * A GIN index's storage setting: each insert goes into the index itself, not a pending list
 * that only a VACUUM empties. The embedded database has no autovacuum, and its planner costs
 * a long pending list so high that it reads the whole table instead of using the index.
 */
export const NO_PENDING_LIST = { fastupdate: false };
