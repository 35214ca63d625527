import { createHash } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { type SearchKind, searchDocuments, searchWords } from "#server/db/schema/search.ts";
import { settings } from "#server/db/schema/settings.ts";
import { log } from "#server/log.ts";
import {
  caseStudyDocument,
  episodeDocument,
  insightDocument,
  pageDocument,
  type SearchDocumentInput,
  serviceDocuments,
} from "./documents";
import { indexWordsOf } from "./words";

type Handle = Db | Tx;
/** The kinds whose pages live in the database (service guides live in the code). */
export type StoredKind = Exclude<SearchKind, "service">;

/**
 * Published rows of one kind, as index documents. A published row dated in the future is
 * indexed too: the search leaves it out until its date (`published_at <= now()`).
 */
async function publishedDocuments(db: Handle, kind: StoredKind, ids?: string[]) {
  // A page hidden from search engines is left out of the site search too.
  if (kind === "page")
    return (
      await db
        .select()
        .from(pages)
        .where(
          and(
            eq(pages.status, "published"),
            eq(pages.isNoindex, false),
            ids ? inArray(pages.id, ids) : undefined,
          ),
        )
    ).map(pageDocument);
  if (kind === "insight")
    return (
      await db
        .select()
        .from(insights)
        .where(and(eq(insights.status, "published"), ids ? inArray(insights.id, ids) : undefined))
    ).map(insightDocument);
  if (kind === "case-study")
    return (
      await db
        .select()
        .from(caseStudies)
        .where(
          and(eq(caseStudies.status, "published"), ids ? inArray(caseStudies.id, ids) : undefined),
        )
    ).map(caseStudyDocument);
  return (
    await db
      .select()
      .from(podcastEpisodes)
      .where(
        and(
          eq(podcastEpisodes.status, "published"),
          ids ? inArray(podcastEpisodes.id, ids) : undefined,
        ),
      )
  ).map(episodeDocument);
}

const UPSERT_BATCH = 200;
const WORDS_BATCH = 5_000;

type WordSource = Pick<SearchDocumentInput, "title" | "summary" | "keywords" | "body">;

/** How many of these pages hold each word. */
function countWords(documents: WordSource[], counts = new Map<string, number>()) {
  for (const document of documents)
    for (const word of indexWordsOf([
      document.title,
      document.summary,
      document.keywords,
      document.body,
    ]))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * Adds each word's change in page count to `search_words`, and drops the words no page holds
 * any more. Words go in sorted, so two writers lock them in the same order.
 */
async function applyWordCounts(db: Handle, changes: Map<string, number>) {
  const entries = [...changes]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (let start = 0; start < entries.length; start += WORDS_BATCH) {
    const batch = entries.slice(start, start + WORDS_BATCH);
    const words = batch.map(([word]) => word).join(" ");
    await db.execute(sql`
      insert into search_words (word, documents)
      select word, delta from unnest(string_to_array(${words}, ' '),
        string_to_array(${batch.map(([, delta]) => delta).join(" ")}, ' ')::int[]) as t(word, delta)
      on conflict (word) do update set documents = search_words.documents + excluded.documents`);
    if (batch.some(([, delta]) => delta < 0))
      await db.execute(
        sql`delete from search_words where word = any(string_to_array(${words}, ' ')) and documents <= 0`,
      );
  }
}

async function upsertDocuments(db: Handle, documents: SearchDocumentInput[]) {
  for (let start = 0; start < documents.length; start += UPSERT_BATCH) {
    const batch = documents.slice(start, start + UPSERT_BATCH);
    await db
      .insert(searchDocuments)
      .values(batch.map((document) => ({ ...document, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: [searchDocuments.kind, searchDocuments.refId],
        set: {
          path: sql`excluded.path`,
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          keywords: sql`excluded.keywords`,
          body: sql`excluded.body`,
          publishedAt: sql`excluded.published_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/**
 * Brings the index in step with some rows of one kind after they changed: a published row
 * is (re)written, anything else (a draft, a schedule, a deleted row) leaves the index.
 * Call it inside the transaction that changed them, so the index never disagrees.
 */
export async function syncSearchDocuments(
  db: Handle,
  { kind, ids }: { kind: StoredKind; ids: string[] },
) {
  if (ids.length === 0) return;
  const documents = await publishedDocuments(db, kind, ids);
  const before = await db
    .select({
      title: searchDocuments.title,
      summary: searchDocuments.summary,
      keywords: searchDocuments.keywords,
      body: searchDocuments.body,
    })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), inArray(searchDocuments.refId, ids)));
  const changes = countWords(documents);
  for (const [word, count] of countWords(before))
    changes.set(word, (changes.get(word) ?? 0) - count);
  await applyWordCounts(db, changes);
  await upsertDocuments(db, documents);
  const kept = documents.map((document) => document.refId);
  await db
    .delete(searchDocuments)
    .where(
      and(
        eq(searchDocuments.kind, kind),
        inArray(searchDocuments.refId, ids),
        kept.length ? notInArray(searchDocuments.refId, kept) : undefined,
      ),
    );
}

const RECOUNT_BATCH = 2_000;

/**
 * Counts the words of every indexed page again and writes the word list from them, in one
 * transaction: for documents written with SQL rather than through this file (the scale
 * seed), whose words were never counted. Reads the pages a batch at a time, by id.
 */
export async function recountSearchWords(db: Db) {
  const counts = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const batch = await db
      .select({
        id: searchDocuments.id,
        title: searchDocuments.title,
        summary: searchDocuments.summary,
        keywords: searchDocuments.keywords,
        body: searchDocuments.body,
      })
      .from(searchDocuments)
      .where(after ? sql`${searchDocuments.id} > ${after}` : undefined)
      .orderBy(searchDocuments.id)
      .limit(RECOUNT_BATCH);
    countWords(batch, counts);
    if (batch.length < RECOUNT_BATCH) break;
    after = batch[batch.length - 1].id;
  }
  await db.transaction(async (tx) => {
    await tx.delete(searchWords);
    await applyWordCounts(tx, counts);
  });
  return counts.size;
}

/** Rewrites the whole index from the content tables and the service guides, in one transaction. */
export async function rebuildSearchIndex(db: Db) {
  const startedAt = performance.now();
  const count = await db.transaction(async (tx) => {
    await tx.delete(searchDocuments);
    await tx.delete(searchWords);
    const documents = [
      ...serviceDocuments(),
      ...(await publishedDocuments(tx, "insight")),
      ...(await publishedDocuments(tx, "case-study")),
      ...(await publishedDocuments(tx, "episode")),
      ...(await publishedDocuments(tx, "page")),
    ];
    await upsertDocuments(tx, documents);
    await applyWordCounts(tx, countWords(documents));
    await tx
      .insert(settings)
      .values({ id: SEARCH_INDEX_SETTING, value: { fingerprint: indexFingerprint() } })
      .onConflictDoUpdate({
        target: settings.id,
        set: { value: { fingerprint: indexFingerprint() }, updatedAt: new Date() },
      });
    return documents.length;
  });
  log.info(
    `search index rebuilt: ${count} page(s) in ${Math.round(performance.now() - startedAt)} ms`,
  );
  return count;
}

const SEARCH_INDEX_SETTING = "search-index";
/**
 * Raise when what a document holds, or how it is stored, changes: the next start rebuilds
 * the index. 2: search vectors kept in the row (migration 0019, decision 727). 3: the word
 * list for typos (`search_words`, decision 320). 4: pages built from blocks (decision 542).
 */
const INDEX_FORMAT = 4;

/** Changes with the index format and the service guides' text (which ship with the code). */
function indexFingerprint() {
  return createHash("sha256")
    .update(JSON.stringify({ format: INDEX_FORMAT, services: serviceDocuments() }))
    .digest("hex")
    .slice(0, 16);
}

/**
 * At start-up: rebuilds the index when it was built by another version (a first start
 * after the migration that made it, changed service guides, a new document format).
 */
export async function ensureSearchIndex(db: Db) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.id, SEARCH_INDEX_SETTING));
  if (row?.value.fingerprint === indexFingerprint()) return false;
  await rebuildSearchIndex(db);
  // The old rows are dead; the embedded database has no autovacuum to clear them for the
  // scans that read every match.
  await db.execute(sql`vacuum analyze search_documents`);
  await db.execute(sql`vacuum analyze search_words`);
  return true;
}
