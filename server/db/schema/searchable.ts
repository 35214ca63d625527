import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, text } from "drizzle-orm/pg-core";

/**
 * The index a list's search box reads: a GIN index of the trigrams of the column's
 * lower-cased text, which is what containsText (`lower(column) like '%…%'`) looks up instead
 * of reading every row (decision 732). Each insert goes into the index itself
 * (`fastupdate = off`), not into a pending list that only a VACUUM empties: the embedded
 * database has no autovacuum, and its planner costs a long pending list so high that it reads
 * the whole table instead.
 */
export const searchIndex = (name: string, column: AnyPgColumn) =>
  index(name).using("gin", sql`lower(${column}) gin_trgm_ops`).with({ fastupdate: false });

/**
 * The index a short search of a column holding one word a row reads (an email address): a
 * btree of its lower-cased text in byte order (`text_pattern_ops`), which answers "starts
 * with" whatever the database's collation. The trigram index takes every word's start, so for
 * "e" it hands back every address at "example.com", each then checked (decision 826).
 */
export const prefixIndex = (name: string, column: AnyPgColumn) =>
  index(name).using("btree", sql`lower(${column}) text_pattern_ops`);

/**
 * A client-owned row's copy of its client's company (projects, proposals, invoices), which
 * the list's search box reads beside the row's own text through one trigram index of the
 * table's own (decision 830). The database writes it: a trigger fills it from the client
 * when a row is written or moves to another client, and a client's new company is copied to
 * its rows (migration 0046). The application never sets it.
 */
export const clientCompanyCopy = () => text("client_company").notNull().default("");
