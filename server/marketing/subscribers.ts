import { randomBytes } from "node:crypto";
import { and, arrayContains, asc, count, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import {
  DENSE_SHARE,
  readKeysetPage,
  sampledMatches,
  unindexed,
} from "#server/business/list-query.ts";
import type { Actor } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { subscribers, subscriberTags, subscriberWordsOf } from "#server/db/schema/content.ts";
import { AppError, invalid } from "#server/errors.ts";
import { parseCsv, toCsv } from "./csv";

export const subscriberStatuses = ["pending", "confirmed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const SUBSCRIBERS_PAGE_SIZE = 25;
/** The most rows one import takes (a larger list is split into several files). */
export const MAX_IMPORT_ROWS = 10_000;

const newToken = () => randomBytes(32).toString("base64url");

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "The email address is too long.")
  .pipe(z.email("This is not a valid email address."));

const tagsSchema = z
  .array(z.string().trim().toLowerCase().min(1).max(40, "Keep each tag under 40 characters."))
  .max(20, "Use at most 20 tags.");

function splitTags(value: string | undefined) {
  return [
    ...new Set(
      (value ?? "")
        .split(/[;,|]/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

type Filter = { q?: string; status?: SubscriberStatus; tag?: string };

/** Where the search index splits words: spaces and every ASCII punctuation mark (migration 0037). */
const WORD_SEPARATORS = /[\s!-/:-@[-`{-~]+/;
/** A search's words past this many are not looked up (each costs the index a lookup). */
const MAX_SEARCH_WORDS = 8;

/** A search's words, split where the index splits them; at most MAX_SEARCH_WORDS. */
export const searchWords = (text: string) =>
  text.split(WORD_SEPARATORS).filter(Boolean).slice(0, MAX_SEARCH_WORDS);

/**
 * A search as a text-search query (decision 799): every word of it in the address or the name,
 * the last one from its start, as it may still be being typed ("jane acme" finds
 * jane.doe@acme.io, and so does "doe@ac"). Only the last word is a prefix: a prefix is looked
 * up as every indexed word that starts with it, and a word all addresses start with
 * ("subscriber", before each one's number) is a million of them. A word holds no quote or
 * backslash (they separate words), so quoting it is safe.
 */
function searchQuery(words: string[]) {
  const last = words.length - 1;
  const terms = words.map((word, index) => (index === last ? `'${word}':*` : `'${word}'`));
  return sql`to_tsquery('simple', ${terms.join(" & ")})`;
}

/**
 * Each of a search's words found anywhere in the address or the name: true of every row the
 * search matches, and next to free to try on a row (making a row's words costs ~18 µs in the
 * embedded engine). What the sample that estimates a search's matches tries (it counts a few
 * more). A word holds no `%`, `_` or backslash, so it goes into the pattern as it is.
 */
const appearsIn = (words: string[]) =>
  words.map(
    (word) =>
      sql`lower(${subscribers.email} || ' ' || coalesce(${subscribers.name}, '')) like lower(${`%${word}%`})`,
  );

/**
 * A search expected to match fewer subscribers is read through the index and sorted (in the
 * embedded engine 16 ms for 11,111 matches, 70 ms for 111,111); walking the sign-up order past
 * rows that do not match costs more whenever the matches signed up together, long ago (10 s
 * for the same 11,111 behind 570,000 newer rows). Decision 799.
 */
const NARROW_SEARCH_ROWS = 200_000;

/** A filter's conditions: `search` is the words' match through the index. */
function conditionsOf({ q, status, tag }: Filter) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(subscribers.status, status));
  if (tag) conditions.push(arrayContains(subscribers.tags, [tag]));
  const words = searchWords(q ?? "");
  const search = words.length
    ? sql`${subscriberWordsOf(subscribers)} @@ ${searchQuery(words)}`
    : undefined;
  return { conditions, words, search };
}

function whereOf({ conditions, search }: ReturnType<typeof conditionsOf>) {
  const all = search ? [...conditions, search] : conditions;
  return all.length ? and(...all) : undefined;
}

/**
 * One page of subscribers, newest first, read by keyset (`after`/`before` cursors, decision
 * 746; `page` is an offset for old addresses), with a count that stays cheap.
 */
export async function findSubscribers({
  db,
  page = 1,
  pageSize = SUBSCRIBERS_PAGE_SIZE,
  after,
  before,
  ...filter
}: { db: Db; page?: number; pageSize?: number; after?: string; before?: string } & Filter) {
  const parsed = conditionsOf(filter);
  const { conditions, words, search } = parsed;
  const where = whereOf(parsed);
  const query = { page, pageSize, after, before };
  // The planner guesses 2 % for any word searched from its start; a sample knows (decision 799).
  const searched = search
    ? await sampledMatches(db, subscribers, {
        cheap: and(...conditions, ...appearsIn(words)),
        exact: search,
        enough: NARROW_SEARCH_ROWS,
      })
    : undefined;
  return readKeysetPage({
    db,
    query,
    sort: subscribers.createdAt,
    // A search: the same time, through an expression no index provides (decision 798). Left
    // to choose, the planner walked the sign-up order's index through all 100,000 rows for a
    // search that matched eleven (171 ms).
    sortWhenNarrow: searched && unindexed(subscribers.createdAt),
    estimate: searched && (async () => searched.matches),
    // A search found in nearly every subscriber ("e", every address's "example" at scale 1)
    // fills a page from the first rows of the sign-up order: reading its 100,000 matches and
    // sorting them took 84 ms (decision 828).
    narrowRows: searched && searched.share >= DENSE_SHARE ? 0 : NARROW_SEARCH_ROWS,
    id: subscribers.id,
    dir: "desc",
    where,
    count: db.select({ one: sql`1` }).from(subscribers).where(where),
    select: db
      .select({
        id: subscribers.id,
        email: subscribers.email,
        name: subscribers.name,
        status: subscribers.status,
        tags: subscribers.tags,
        source: subscribers.source,
        createdAt: subscribers.createdAt,
        sortKey: sql<string | null>`${subscribers.createdAt}::text`,
      })
      .from(subscribers)
      .$dynamic(),
  });
}

/** Every tag in use, most used first (counted by a trigger as subscribers change). */
export async function findSubscriberTags(db: Db) {
  const rows = await db
    .select({ tag: subscriberTags.tag })
    .from(subscriberTags)
    .orderBy(desc(subscriberTags.subscribers), asc(subscriberTags.tag));
  return rows.map((row) => row.tag);
}

export const addSubscriberSchema = z.object({
  email: emailSchema,
  name: z
    .string()
    .trim()
    .max(120, "Keep the name under 120 characters.")
    .optional()
    .transform((value) => value || null),
  tags: z
    .string()
    .optional()
    .transform((value) => splitTags(value))
    .pipe(tagsSchema),
});

/**
 * Adds someone by hand. Staff attest the person agreed, so they are confirmed
 * at once (docs/decisions/504-subscribers-by-hand-and-import.md).
 */
export async function addSubscriber({
  db,
  input,
  actor,
  address,
}: {
  db: Db;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = addSubscriberSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { email, name, tags } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({
        email,
        name,
        tags,
        status: "confirmed",
        confirmedAt: new Date(),
        source: "admin",
        unsubscribeToken: newToken(),
      })
      .onConflictDoNothing({ target: subscribers.email })
      .returning({ id: subscribers.id });
    if (!row)
      throw new AppError("CONFLICT", `${email} is already on the list.`, {
        fieldErrors: { email: ["This address is already on the list."] },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "create",
      area: "subscribers",
      recordId: row.id,
      detail: { email },
      address,
    });
    return row;
  });
}

export type ImportRow = { line: number; email: string; name: string | null; tags: string[] };
export type ImportReport = {
  rows: ImportRow[];
  errors: Array<{ line: number; message: string }>;
  /** Lines whose address appeared earlier in the file (merged into the first). */
  duplicateLines: number[];
  newCount: number;
  existingCount: number;
};

/** Reads a subscriber CSV (columns email, name, tags; tags separated by ; or |) and checks every line. */
export async function previewSubscriberImport({
  db,
  csv,
}: {
  db: Db;
  csv: string;
}): Promise<ImportReport> {
  const table = parseCsv(csv);
  if (table.length === 0) throw new AppError("INVALID", "The file is empty.");
  const header = table[0].cells.map((cell) => cell.trim().toLowerCase());
  const emailColumn = header.findIndex(
    (cell) => cell === "email" || cell === "e-mail" || cell === "email address",
  );
  if (emailColumn < 0)
    throw new AppError(
      "INVALID",
      "The first line must name the columns, with one called “email” (optional: name, tags).",
    );
  if (table.length - 1 > MAX_IMPORT_ROWS)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Import at most ${MAX_IMPORT_ROWS} rows at once; split the file.`,
    );
  const nameColumn = header.indexOf("name");
  const tagsColumn = header.indexOf("tags");
  const byEmail = new Map<string, ImportRow>();
  const errors: ImportReport["errors"] = [];
  const duplicateLines: number[] = [];
  for (const { line, cells } of table.slice(1)) {
    const email = emailSchema.safeParse(cells[emailColumn] ?? "");
    if (!email.success) {
      const raw = (cells[emailColumn] ?? "").trim();
      errors.push({
        line,
        message: raw
          ? `“${raw.slice(0, 80)}” is not a valid email address.`
          : "The email address is missing.",
      });
      continue;
    }
    const name = nameColumn >= 0 ? (cells[nameColumn] ?? "").trim().slice(0, 120) || null : null;
    const tags = tagsSchema.safeParse(tagsColumn >= 0 ? splitTags(cells[tagsColumn]) : []);
    if (!tags.success) {
      errors.push({ line, message: tags.error.issues[0].message });
      continue;
    }
    const earlier = byEmail.get(email.data);
    if (earlier) {
      duplicateLines.push(line);
      earlier.name ??= name;
      earlier.tags = [...new Set([...earlier.tags, ...tags.data])];
    } else byEmail.set(email.data, { line, email: email.data, name, tags: tags.data });
  }
  const rows = [...byEmail.values()];
  let existingCount = 0;
  for (let start = 0; start < rows.length; start += 1000) {
    const emails = rows.slice(start, start + 1000).map((row) => row.email);
    const [{ total }] = await db
      .select({ total: count() })
      .from(subscribers)
      .where(inArray(subscribers.email, emails));
    existingCount += total;
  }
  return { rows, errors, duplicateLines, newCount: rows.length - existingCount, existingCount };
}

/**
 * Imports a checked CSV in one transaction: every row or none. A file with
 * bad lines is refused until they are fixed. New people are confirmed;
 * people already on the list keep their state and gain the new tags.
 */
export async function importSubscribers({
  db,
  csv,
  actor,
  address,
}: {
  db: Db;
  csv: string;
  actor: Actor;
  address?: string;
}) {
  const report = await previewSubscriberImport({ db, csv });
  if (report.errors.length)
    throw new AppError(
      "INVALID",
      `Nothing was imported: ${report.errors.length} line${report.errors.length === 1 ? "" : "s"} need fixing first.`,
    );
  if (report.rows.length === 0) throw new AppError("INVALID", "The file has no subscribers in it.");
  const now = new Date();
  await db.transaction(async (tx) => {
    for (let start = 0; start < report.rows.length; start += 500) {
      const chunk = report.rows.slice(start, start + 500);
      await tx
        .insert(subscribers)
        .values(
          chunk.map((row) => ({
            email: row.email,
            name: row.name,
            tags: row.tags,
            status: "confirmed" as const,
            confirmedAt: now,
            source: "import",
            unsubscribeToken: newToken(),
          })),
        )
        .onConflictDoUpdate({
          target: subscribers.email,
          set: {
            name: sql`coalesce(${subscribers.name}, excluded.name)`,
            tags: sql`array(select distinct unnest(${subscribers.tags} || excluded.tags))`,
          },
        });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: "import",
      area: "subscribers",
      detail: { rows: report.rows.length, new: report.newCount, merged: report.existingCount },
      address,
    });
  });
  return report;
}

const EXPORT_HEADER = [
  "email",
  "name",
  "tags",
  "status",
  "source",
  "subscribed",
  "confirmed",
  "unsubscribed",
];
/** Rows one query of the export reads (decision 749). */
export const EXPORT_BATCH_SIZE = 2000;

/** One batch of the export: the rows after `afterEmail` by address, the order of the file. */
function exportBatch(db: Db, where: SQL | undefined, afterEmail: string | null, size: number) {
  return db
    .select({
      email: subscribers.email,
      name: subscribers.name,
      tags: subscribers.tags,
      status: subscribers.status,
      source: subscribers.source,
      createdAt: subscribers.createdAt,
      confirmedAt: subscribers.confirmedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
    })
    .from(subscribers)
    .where(afterEmail === null ? where : and(where, gt(subscribers.email, afterEmail)))
    .orderBy(subscribers.email)
    .limit(size);
}

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

const exportLine = (row: ExportRow) => [
  row.email,
  row.name,
  row.tags.join(";"),
  row.status,
  row.source,
  row.createdAt.toISOString(),
  row.confirmedAt?.toISOString() ?? "",
  row.unsubscribedAt?.toISOString() ?? "",
];

/**
 * The filtered list as CSV text, piece by piece (the columns the import reads, plus state and
 * dates): the header at once, then the rows by address in batches of `batchSize`, each read
 * by keyset after the last address sent, and only when the reader asks for the next piece,
 * so a million subscribers start at once and hold one batch in memory (decisions 749, 795).
 */
export async function* subscriberCsvChunks({
  db,
  batchSize = EXPORT_BATCH_SIZE,
  ...filter
}: { db: Db; batchSize?: number } & Filter): AsyncGenerator<string> {
  const where = whereOf(conditionsOf(filter));
  yield toCsv([EXPORT_HEADER]);
  let lastEmail: string | null = null;
  for (;;) {
    const rows = await exportBatch(db, where, lastEmail, batchSize);
    if (rows.length) {
      yield toCsv(rows.map(exportLine));
      lastEmail = rows[rows.length - 1].email;
    }
    if (rows.length < batchSize) return;
  }
}

/** The filtered list as one CSV text (a small list, e.g. in tests). */
export async function exportSubscribersCsv({ db, ...filter }: { db: Db } & Filter) {
  const pieces: string[] = [];
  for await (const piece of subscriberCsvChunks({ db, ...filter })) pieces.push(piece);
  return pieces.join("");
}

/** Erases people for good (on their request): their record and their campaign deliveries. */
export async function deleteSubscribers({
  db,
  ids,
  actor,
  address,
}: {
  db: Db;
  ids: string[];
  actor: Actor;
  address?: string;
}) {
  const parsed = z
    .array(z.uuid())
    .min(1, "Select at least one subscriber.")
    .max(500)
    .safeParse(ids);
  if (!parsed.success) throw new AppError("INVALID", parsed.error.issues[0].message);
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(subscribers)
      .where(inArray(subscribers.id, parsed.data))
      .returning({ id: subscribers.id });
    if (!rows.length) throw new AppError("NOT_FOUND", "Those subscribers were already deleted.");
    // The log keeps that it happened, not who: the address is what they asked us to forget.
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "subscribers",
      detail: { count: rows.length },
      address,
    });
    return rows.length;
  });
}
