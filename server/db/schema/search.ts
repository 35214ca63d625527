import { type SQL, sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SearchKind } from "#shared/search.ts";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

export type { SearchKind } from "#shared/search.ts";

/**
 * One row per public page the site search finds: live insights, case studies and podcast
 * episodes, and the service guides. Kept in step by server/search when content changes;
 * `search_vector` weighs the title (A) above the summary and keywords (B) and the body (C).
 * The index of `title_vector` finds the title matches a bounded ranking must not miss.
 * A page's word pairs, which a quoted phrase is looked up by, are a table of their own
 * (`searchDocumentPairs`), so these rows stay narrow.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<SearchKind>().notNull(),
    /** The source row's id (a service's id for the guides). */
    refId: text("ref_id").notNull(),
    /** Where the result links: "/insights/slug", "/podcasts#slug". */
    path: text("path").notNull(),
    title: text("title").notNull(),
    /** The excerpt or summary: the snippet starts here when the body has no match. */
    summary: text("summary").notNull().default(""),
    /** Tags, author, client, industry: searched like the summary, never shown. */
    keywords: text("keywords").notNull().default(""),
    /** The page's text without its Markdown. */
    body: text("body").notNull().default(""),
    /** Null for pages that are always there (service guides); a future date hides the row. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${searchDocuments.title}), 'A') || setweight(to_tsvector('english', ${searchDocuments.summary} || ' ' || ${searchDocuments.keywords}), 'B') || setweight(to_tsvector('english', ${searchDocuments.body}), 'C')`,
      ),
    /** The title's words alone: small enough to stay in the row, so "matches the title" is cheap. */
    titleVector: tsvector("title_vector")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${searchDocuments.title})`),
  },
  (table) => [
    uniqueIndex("search_documents_ref_idx").on(table.kind, table.refId),
    index("search_documents_vector_idx").using("gin", table.searchVector),
    index("search_documents_title_vector_idx").using("gin", table.titleVector),
  ],
);

/**
 * Each page's pairs of words that stand side by side in its title, its summary and keywords,
 * and its body (stemmed, as `search_word_pairs`, migration 0036, makes them; a pair never
 * spans two of those parts). A quoted phrase first finds the pages that have its pairs through
 * the phrase index, then checks the phrase in those few (decision 796). A table of its own,
 * joined only by a quoted phrase: as a column the pairs made every document row 2.4 KB wider
 * and the ranking of many candidates slower (decision 822). Triggers on `search_documents`
 * (migration 0042) write a page's pairs whenever its text is written; deleting the page
 * deletes them.
 */
export const searchDocumentPairs = pgTable(
  "search_document_pairs",
  {
    documentId: uuid("document_id")
      .primaryKey()
      .references(() => searchDocuments.id, { onDelete: "cascade" }),
    pairs: tsvector("pairs").notNull(),
  },
  (table) => [
    index("search_document_pairs_idx").using("gin", table.pairs).with({ fastupdate: false }),
  ],
);

/**
 * The distinct words of the live index (lower-cased letters and digits, as written, not
 * stemmed) and how many pages hold each: where typo tolerance finds the words a query word
 * may stand for, and "Did you mean" the nearest ones (decision 320). Kept in step with
 * `search_documents` in the same transaction. The trigram GiST index answers "the words
 * nearest to this one" (`<->`, `<<->`).
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    documents: integer("documents").notNull(),
    /**
     * The word as the search vector stems it (null for a stop word): typo tolerance offers one
     * word a stem, and stemming each candidate at every search cost more than the lookup.
     */
    stem: text("stem").generatedAlwaysAs(
      (): SQL => sql`(tsvector_to_array(to_tsvector('english', ${searchWords.word})))[1]`,
    ),
  },
  (table) => [
    index("search_words_trgm_idx").using("gist", table.word.op("gist_trgm_ops")),
    // "Is this stem, or a stem starting so, listed": byte order, so a prefix is one range.
    index("search_words_stem_idx").on(sql`${table.stem} collate "C"`),
  ],
);
