import { and, asc, desc, getTableName, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable, PgSelect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#server/db/client.ts";
import { searchesWordStarts } from "#shared/list-params.ts";

export type ListQuery<Sort extends string = string> = {
  q: string;
  page: number;
  pageSize: number;
  sort: Sort;
  dir: "asc" | "desc";
  /** Keyset cursors (`?after=`, `?before=`), opaque; at most one is followed. */
  after?: string;
  before?: string;
};

export type ListResult<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  /** The total is the planner's estimate (past EXACT_COUNT_LIMIT rows): shown as "about". */
  totalIsEstimate?: boolean;
  /** Cursors of the pages before and after this one, when there are such pages. */
  previousCursor?: string;
  nextCursor?: string;
};

export const DEFAULT_PAGE_SIZE = 25;

/**
 * Reads ?q=&page=&sort=&dir=&pageSize= from a list URL, keeping only known
 * sort keys and sane numbers, so a hand-edited URL never reaches SQL.
 */
export function listQueryFrom<Sort extends string>(
  url: URL,
  options: { sorts: readonly Sort[]; defaultSort: Sort; defaultDir?: "asc" | "desc" },
): ListQuery<Sort> {
  const params = url.searchParams;
  const sortParam = params.get("sort") as Sort | null;
  const sort = sortParam && options.sorts.includes(sortParam) ? sortParam : options.defaultSort;
  const dirParam = params.get("dir");
  const dir = dirParam === "asc" || dirParam === "desc" ? dirParam : (options.defaultDir ?? "desc");
  const page = pageFrom(url);
  const size = Number.parseInt(params.get("pageSize") ?? "", 10);
  const pageSize = [10, 25, 50, 100].includes(size) ? size : DEFAULT_PAGE_SIZE;
  const after = params.get("after") ?? undefined;
  const before = params.get("before") ?? undefined;
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page,
    pageSize,
    sort,
    dir,
    ...(after ? { after } : {}),
    ...(before ? { before } : {}),
  };
}

/** A list URL's ?page=: a whole number from 1 to 100,000; anything else is page 1. */
export function pageFrom(url: URL) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  return page >= 1 ? Math.min(page, 100_000) : 1;
}

/** ORDER BY the chosen column, with the id as a tie-breaker so pages never overlap. */
export function orderBy(column: AnyPgColumn | SQL, dir: "asc" | "desc", id: AnyPgColumn) {
  return dir === "asc" ? [asc(column), asc(id)] : [desc(column), desc(id)];
}

/** The text with the user's %, _ and backslash taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** A LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string) {
  return `%${likeLiteral(text)}%`;
}

/**
 * A list's search, in any case: the column holds the text anywhere, or, for a text of one or
 * two characters, a word of the column starts with it (the value's start, or after a space).
 * A letter found anywhere in 200,000 invoice numbers is a read of every row (230 ms), and
 * says little; a word's start (`~ '(^| )zq'`) is read through the column's trigram index,
 * whose words begin with blanks (`"  z"`, `" zq"`), in well under a millisecond.
 *
 * This is what ILIKE does with UTF-8 text (both sides lower-cased, then LIKE), except that
 * ILIKE lowers the pattern again for every row; here it is lowered once, which halves the
 * test's cost on the embedded engine (10,000 invoice numbers: 5.4 ms with ILIKE, 3.3 ms this way).
 */
export function containsText(
  column: AnyPgColumn | SQL,
  text: string,
  /**
   * The column holds one word a row (an email address): a short text is its start, which the
   * column's `prefixIndex` answers (searchable.ts).
   */
  { isOneWord = false }: { isOneWord?: boolean } = {},
): SQL {
  if (!searchesWordStarts(text)) return sql`lower(${column}) like lower(${containsPattern(text)})`;
  if (isOneWord) return sql`lower(${column}) like lower(${`${likeLiteral(text)}%`})`;
  // One test a row: `like 'e%' or like '% e%'` lowered the value four times a row (the index's
  // recheck and the filter, both sides), 4.8 ms for 1,251 companies against 2.7 (decision 827).
  return sql`lower(${column}) ~ ('(^| )' || lower(${regexLiteral(text)}))`;
}

/** The text matched literally in a regular expression: every character but letters and digits escaped. */
const regexLiteral = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, (match) => `\\${match}`);

/** A 1-based page number from the URL, clamped to the pages that exist. */
export function clampPage(page: number | undefined, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const wanted = Number.isInteger(page) && page && page > 0 ? page : 1;
  return { page: Math.min(wanted, pageCount), pageCount };
}

export function pageOffset(query: Pick<ListQuery, "page" | "pageSize">) {
  return (query.page - 1) * query.pageSize;
}

/** A field for readKeysetPage's `selectCounting`: how many rows the page's query matches in all. */
export const countedMatches = () => sql<number>`count(*) over ()`;

/** A query selecting ids (its one column), made `$dynamic()` so that a limit can be put on it. */
export type IdsSelect = SQLWrapper & { limit(limit: number): SQLWrapper };

/** Up to this many ids are written into the query as a list; more are left to a subquery. */
export const ID_LIST_LIMIT = 5_000;

/**
 * The column (a uuid) is one of the ids a subquery finds (decisions 814, 827): the clients
 * list's search of their contacts. The ids are read first, at most ID_LIST_LIMIT and one more,
 * as one value (an array's text: 1,251 ids as rows took 12 ms to reach the server, as one
 * value 7):
 * - up to the limit, they are written in as one constant list: beside an OR the planner ORs
 *   two index scans (the search's trigram index and the id's own, decision 732), and a table
 *   it reads whole looks each row up in a hash of the list;
 * - past it (a search of a letter or two that matches most clients), `in (subquery)`: one
 *   hashed subplan, which no index serves (every row is read and tested). `= any(array(subquery))`
 *   compared each row with every id found, one by one: 1.4 s for a two-letter search of
 *   200,000 invoices.
 */
export async function isAnyOf(
  db: Db,
  column: AnyPgColumn,
  /** Makes the subquery, selecting the ids: called twice, as a limit changes the query it is on. */
  idsQuery: () => IdsSelect,
): Promise<SQL> {
  const read = await db.execute(
    sql`select count(*)::int as n, coalesce(array_agg(id), '{}')::text as list
      from (${idsQuery().limit(ID_LIST_LIMIT + 1)}) as found(id)`,
  );
  const { n, list } = read.rows[0] as { n: number; list: string };
  if (n > ID_LIST_LIMIT) return sql`${column} in (${idsQuery()})`;
  return n ? sql`${column} = any(${list}::uuid[])` : sql`false`;
}

/**
 * Deep pages by keyset (decision 746): `?after=` or `?before=` carries an opaque cursor,
 * the sort value and id of the row the page starts after (or ends before), so a page a
 * hundred thousand rows deep costs what the first one does. `?page=` still works (an offset)
 * for addresses written before.
 */
export type Cursor = { key: string; id: string };

/** The cursor as it travels in the address: base64url of [key, id]. */
export function encodeCursor(cursor: Cursor) {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

/** A cursor from the address; anything that is not one is no cursor (the first page). */
export function decodeCursor(text: string | null | undefined): Cursor | undefined {
  if (!text || text.length > 1000) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    )
      return { key: value[0], id: value[1] };
  } catch {
    // Not base64url JSON: the first page.
  }
  return undefined;
}

/** Which way a keyset page reads: after a cursor (next), before one (previous), or from the start. */
export type KeysetPosition = { cursor?: Cursor; isBackwards: boolean };

export function keysetPosition(query: Pick<ListQuery, "after" | "before">): KeysetPosition {
  const before = decodeCursor(query.before);
  if (before) return { cursor: before, isBackwards: true };
  return { cursor: decodeCursor(query.after), isBackwards: false };
}

/**
 * The rows past the cursor in the order the page reads them: `(sort, id) > (key, id)` when
 * that order ascends, `<` when it descends. The key is the sort value as text; PostgreSQL
 * reads it back as the column's own type.
 */
export function keysetCondition(
  sortColumn: AnyPgColumn | SQL,
  id: AnyPgColumn,
  dir: "asc" | "desc",
  cursor: Cursor,
): SQL {
  return dir === "asc"
    ? sql`(${sortColumn}, ${id}) > (${cursor.key}, ${cursor.id})`
    : sql`(${sortColumn}, ${id}) < (${cursor.key}, ${cursor.id})`;
}

/** The direction a page's query reads in: the list's own, or its reverse when going back. */
export const readingDir = (dir: "asc" | "desc", position: KeysetPosition) =>
  position.isBackwards ? (dir === "asc" ? "desc" : "asc") : dir;

/**
 * A page read one row past its size (`pageSize + 1`, in the reading direction) turned into
 * the rows shown, in the list's order, with the cursors of the pages before and after it.
 */
export function keysetPage<Row extends { id: string; sortKey: string | null }>(
  fetched: Row[],
  query: Pick<ListQuery, "page" | "pageSize">,
  position: KeysetPosition,
) {
  const hasMore = fetched.length > query.pageSize;
  const rows = fetched.slice(0, query.pageSize);
  if (position.isBackwards) rows.reverse();
  const cursorOf = (row: Row | undefined) =>
    row ? encodeCursor({ key: row.sortKey ?? "", id: row.id }) : undefined;
  const isPastStart = position.isBackwards ? hasMore : Boolean(position.cursor) || query.page > 1;
  const isBeforeEnd = position.isBackwards ? true : hasMore;
  return {
    rows: rows.map(({ sortKey: _key, ...row }) => row),
    previousCursor: isPastStart ? cursorOf(rows[0]) : undefined,
    nextCursor: isBeforeEnd ? cursorOf(rows.at(-1)) : undefined,
  };
}

/**
 * A sort value through an expression no index provides, for readKeysetPage's `sortWhenNarrow`:
 * the same value, type and order (an enum keeps its order, a null stays null).
 */
export const unindexed = (value: AnyPgColumn | SQL) => sql`coalesce(${value}, ${value})`;

/**
 * A filter that matches fewer rows than this (counted, or estimated) is read, then sorted: about
 * where sorting the matches costs what walking the sort's index to a page of them does when
 * they are spread out (embedded engine, 20,000 proposals: 1,111 matches sorted 6.5 ms, walked
 * 17 ms as they sat together; 4,000 spread out 13 and 8 ms). Decision 804.
 */
export const NARROW_ROWS = 2_500;

/** Counts up to this are exact; past it a list says "about" the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * How many rows a list's query finds, cheaply: the planner's estimate of the query first
 * (EXPLAIN, no rows read); when it says more than twice `exactUpTo` (EXACT_COUNT_LIMIT unless
 * given), that estimate (never below the limit), else the rows counted exactly up to the limit
 * (at most that many read), and the estimate only past it. `select` is the list's query
 * without order or limit.
 */
export async function cheapCount(
  db: Db,
  select: SQLWrapper,
  /** The planner's estimate, when the caller has asked for it already. */
  known?: number,
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<{ total: number; isEstimate: boolean }> {
  const estimate = known ?? (await estimateRows(db, select));
  const asEstimate = { total: Math.max(exactUpTo + 1, estimate), isEstimate: true };
  if (estimate > 2 * exactUpTo) return asEstimate;
  const counted = await db.execute(
    sql`select count(*)::int as n from (${select} limit ${exactUpTo + 1}) as capped`,
  );
  const exact = Number((counted.rows[0] as { n: number }).n);
  return exact <= exactUpTo ? { total: exact, isEstimate: false } : asEstimate;
}

/** How many of a table's pages sampledEstimate reads (about 500–1,000 rows). */
export const SAMPLE_PAGES = 12;
/** How many of the sample's rows that pass the cheap condition the exact one is tried on. */
export const SAMPLE_EXACT_ROWS = 200;

/**
 * How many rows of `table` match a filter, estimated from a sample, for a filter the planner
 * cannot judge (it guesses 2 % for any word searched from its start, decision 799). `cheap` is
 * tried on SAMPLE_PAGES of the table's pages picked at random (`TABLESAMPLE SYSTEM`; the same
 * pages while the table keeps its size, so a list says the same twice): true of every row the
 * filter matches, and cheap to try. When the rows it passes could be more than `enough`, the
 * filter itself (`exact`) is tried on up to SAMPLE_EXACT_ROWS of them, to learn what share of
 * those it keeps. The share times the table's rows (its rows per page when last analyzed times
 * its pages now, as the planner sizes it; the sample's rows scaled to the pages on disk when
 * it was never analyzed). A table of no more pages than the sample is counted whole.
 */
export async function sampledEstimate(
  db: Db,
  table: AnyPgTable,
  filter: { cheap: SQL | undefined; exact: SQL | undefined; enough: number },
) {
  return (await sampledMatches(db, table, filter)).matches;
}

/**
 * A filter found in at least this share of a table's rows is dense: walking the list's order
 * tests at most the other 5 % before a page is full, about what reading the matches through an
 * index and sorting them costs when a row's test costs twenty times an index's (decision 828).
 */
export const DENSE_SHARE = 0.95;

/**
 * sampledEstimate's figure, and the share of the table's rows it is. When the cheap condition
 * passes at least DENSE_SHARE of the sample, the filter itself is tried on it whatever
 * `enough` says, so that the share says whether the filter is dense, not only its cheap part
 * ("ample" is in every address at example.com; no address has a word starting with it).
 */
export async function sampledMatches(
  db: Db,
  table: AnyPgTable,
  { cheap, exact, enough }: { cheap: SQL | undefined; exact: SQL | undefined; enough: number },
): Promise<{ matches: number; share: number }> {
  const passes = cheap ?? sql`true`;
  // The table's size and its sample in one statement. The sample's share of the pages is worked
  // out where it is read: a table of no more pages than the sample is read whole.
  const name = getTableName(table);
  const pagesNow = sql`ceil(pg_relation_size(${name}::regclass) / current_setting('block_size')::float8)::float8`;
  const sample = sql`${table} tablesample system (least(100, 100.0 * ${sql.raw(String(SAMPLE_PAGES))} / greatest(1, ${pagesNow}))) repeatable (0)`;
  const sampled = await db.execute(
    sql`select size.*, counted.* from
      (select ${pagesNow} as pages, reltuples::float8 as rows, relpages::float8 as "analyzedPages"
        from pg_class where oid = ${name}::regclass) as size,
      (select count(*)::int as seen, (count(*) filter (where ${passes}))::int as hits
        from ${sample}) as counted`,
  );
  const { pages, rows, analyzedPages, seen, hits } = sampled.rows[0] as {
    pages: number;
    rows: number;
    analyzedPages: number;
    seen: number;
    hits: number;
  };
  if (pages <= SAMPLE_PAGES) {
    if (!exact) return { matches: hits, share: seen ? hits / seen : 0 };
    const all = await db.execute(
      sql`select (count(*) filter (where ${passes} and ${exact}))::int as kept from ${table}`,
    );
    const { kept } = all.rows[0] as { kept: number };
    return { matches: kept, share: seen ? kept / seen : 0 };
  }
  if (!seen) return { matches: 0, share: 0 };
  // The planner sizes a table as its rows per page when last analyzed times its pages now.
  const rowsPerPage = rows > 0 && analyzedPages > 0 ? rows / analyzedPages : seen / SAMPLE_PAGES;
  const tableRows = rowsPerPage * pages;
  const cheapShare = hits / seen;
  if (!exact || (cheapShare * tableRows <= enough && cheapShare < DENSE_SHARE))
    return { matches: Math.round(cheapShare * tableRows), share: cheapShare };
  const tried = await db.execute(
    sql`select count(*)::int as tried, (count(*) filter (where ${exact}))::int as kept
      from (select * from ${sample} where ${passes} limit ${SAMPLE_EXACT_ROWS}) as ${table}`,
  );
  const { tried: triedRows, kept } = tried.rows[0] as { tried: number; kept: number };
  const share = cheapShare * (triedRows ? kept / triedRows : 0);
  return { matches: Math.round(share * tableRows), share };
}

/** How many rows the planner expects `select` to find (EXPLAIN: nothing is read). */
async function estimateRows(db: Db, select: SQLWrapper) {
  const plan = await db.execute(sql`explain (format json) ${select}`);
  const first = plan.rows[0] as Record<string, unknown>;
  const raw = first["QUERY PLAN"] ?? Object.values(first)[0];
  const parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  return Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
}

/**
 * A first page with no page after it holds every row: its count is exact, whatever the
 * estimate said.
 */
export function settledCount(
  count: { total: number; isEstimate: boolean },
  page: { rows: unknown[]; nextCursor?: string; previousCursor?: string },
) {
  return count.isEstimate && !page.nextCursor && !page.previousCursor
    ? { total: page.rows.length, isEstimate: false }
    : count;
}

type Count = { total: number; isEstimate: boolean };

/** What a list's own query is given to read one keyset page. */
type KeysetClauses = {
  /** The list's filters, and past the cursor when there is one. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
};

/** A list's query for readKeysetPage: its rows with `sortKey`, made `$dynamic()`. */
export type KeysetSelect = PgSelect & PromiseLike<Array<{ id: string; sortKey: string | null }>>;

/** A list's query (made `$dynamic()`) read as one keyset page: its clauses applied. */
function onKeysetPage<Query extends PgSelect>(query: Query, clauses: KeysetClauses) {
  return query
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);
}

/**
 * How many rows a filter that may be narrow matches, to judge it by: the list's own estimate
 * when it has one (sampledEstimate); else the rows themselves, counted as cheapCount counts
 * them (exactly when the planner expects at most twice EXACT_COUNT_LIMIT), since the planner
 * misjudges a text search either way ("audit" in 4,000 titles: 414; "proposal 42" in 111:
 * 212) and the list counts them anyway. `known` is that count, for the list to show.
 */
async function judgedCount(
  db: Db,
  counted: SQLWrapper,
  estimateOf: (() => Promise<number>) | undefined,
): Promise<{ estimate: number; known?: Count }> {
  if (estimateOf) return { estimate: await estimateOf() };
  const known = await cheapCount(db, counted);
  return { estimate: known.total, known };
}

/**
 * One page of a list by keyset (decisions 746, 763, 780), every list's way: the page read
 * one row past its size in the reading direction by the list's own `select` (which adds
 * `sortKey`, the sort value as text), its count cheaply at the same time (on a first page,
 * only when there is a row past it: decision 797), and the rows in the
 * list's order with the cursors of the pages around them and the count settled. `page` is an
 * offset for old addresses. A list ordered by more than one column gives its own `past` (the
 * rows past a cursor, undefined for a cursor it cannot read: the first page) and `orderBy`.
 *
 * A list whose filter the planner may misjudge gives `sortWhenNarrow`, its sort value made
 * `unindexed`: when the filter matches fewer than `narrowRows` rows, the
 * page is read through the filter's own indexes and sorted, never by walking the sort's index
 * and filtering every row until a page is full (decisions 798, 804). The filter's rows are
 * counted first, and the count serves the list (judgedCount). A list whose filter is too wide
 * to count gives its own `estimate` (sampledEstimate, decision 799).
 */
export async function readKeysetPage<Query extends KeysetSelect>({
  db,
  query,
  sort: listSort,
  sortWhenNarrow,
  estimate: estimateOf,
  isEstimateShown = false,
  narrowRows = NARROW_ROWS,
  id,
  dir,
  where,
  count,
  select,
  past,
  order,
  selectCounting,
}: {
  db: Db;
  query: Pick<ListQuery, "page" | "pageSize" | "after" | "before">;
  sort: AnyPgColumn | SQL;
  sortWhenNarrow?: SQL;
  /** The rows the list's filter matches, when the list knows better than the planner. */
  estimate?: () => Promise<number>;
  /**
   * The `estimate` samples the filter itself (not a looser condition): past EXACT_COUNT_LIMIT
   * it is the count the list shows, "about", and the matches are not counted up to the limit.
   */
  isEstimateShown?: boolean;
  /** Below this many rows a filter counts as narrow (default NARROW_ROWS). */
  narrowRows?: number;
  id: AnyPgColumn;
  dir: "asc" | "desc";
  where: SQL | undefined;
  /** The list's query without order or limit, counted by cheapCount; or its count, read. */
  count: SQLWrapper | Promise<Count>;
  /** The list's rows with `sortKey` (the sort value as text), made `$dynamic()`. */
  select: Query;
  /**
   * The same rows with `matches` as well, `count(*) over ()` (countedMatches), made on the
   * `reader` given: a list whose `estimate` chose to read its matches and sort them counts
   * them in the same read, not in a second one (decision 827). For a narrow filter only: the
   * window holds every match.
   */
  selectCounting?: (reader: Db | Tx) => KeysetSelect;
  past?: (reading: "asc" | "desc", cursor: Cursor) => SQL | undefined;
  order?: (reading: "asc" | "desc") => SQL[];
}) {
  const counted = count instanceof Promise ? undefined : count;
  const { estimate, known } =
    sortWhenNarrow && counted
      ? await judgedCount(db, counted, estimateOf)
      : { estimate: undefined, known: undefined };
  const sort =
    sortWhenNarrow && estimate !== undefined && estimate < narrowRows ? sortWhenNarrow : listSort;
  const pastOf = past ?? ((reading, cursor) => keysetCondition(sort, id, reading, cursor));
  const orderOf = order ?? ((reading) => orderBy(sort, reading, id));
  const countOf = async () =>
    known ??
    (isEstimateShown && estimate !== undefined && estimate > EXACT_COUNT_LIMIT
      ? { total: estimate, isEstimate: true }
      : counted
        ? cheapCount(db, counted, estimate)
        : (count as Promise<Count>));
  const asked = keysetPosition(query);
  const reading = readingDir(dir, asked);
  const beyond = asked.cursor ? pastOf(reading, asked.cursor) : undefined;
  const position: KeysetPosition = beyond ? asked : { isBackwards: false };
  const ordered = beyond ? reading : dir;
  const clauses = {
    where: beyond ? and(where, beyond) : where,
    orderBy: orderOf(ordered),
    limit: query.pageSize + 1,
    offset: beyond ? 0 : (query.page - 1) * query.pageSize,
  };
  type Row = Awaited<Query>[number];
  let fetched: Row[];
  let estimated: Count;
  const readsEveryMatch = sort !== listSort && !beyond;
  if (readsEveryMatch && estimateOf && selectCounting) {
    // Through the filter's own indexes, as the estimate chose: PostgreSQL costs 1,251 lookups
    // of a client's proposals above reading all 20,000 and testing each title, which took 17 ms
    // against 4 (decision 827).
    const read = (await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return onKeysetPage(selectCounting(tx), clauses);
    })) as Array<Row & { matches: number }>;
    fetched = read.map(({ matches: _matches, ...row }) => row as Row);
    // A page past the last match (an old address's ?page=) reads no row to say how many.
    estimated = read.length
      ? { total: Number(read[0].matches), isEstimate: false }
      : await countOf();
  } else if (!beyond && query.page === 1 && counted) {
    // A first page with no row past it is every row: its own count, nothing else read (a
    // search that finds a few among a million rows paid for its matching twice).
    fetched = await onKeysetPage(select, clauses);
    estimated =
      fetched.length <= query.pageSize
        ? { total: fetched.length, isEstimate: false }
        : await countOf();
  } else {
    [fetched, estimated] = await Promise.all([onKeysetPage(select, clauses), countOf()]);
  }
  const page = keysetPage<Row>(fetched, query, position);
  const { total, isEstimate } = settledCount(estimated, page);
  return {
    rows: page.rows,
    total,
    totalIsEstimate: isEstimate,
    page: query.page,
    pageSize: query.pageSize,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
  };
}
