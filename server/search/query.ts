import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { SearchHit, SearchKind, SearchResults } from "#shared/search.ts";
import {
  headlineToHtml,
  SNIPPET_HEADLINE_OPTIONS,
  TAG_MARKERS,
  TITLE_HEADLINE_OPTIONS,
} from "./highlight";

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 10;
/** A query of at most this many words, and at least FUZZY_MIN_CHARS, may match a title by trigrams. */
const FUZZY_MAX_WORDS = 3;
const FUZZY_MIN_CHARS = 4;
/** Titles within a typo are looked for when the words themselves find fewer than this. */
const FUZZY_BELOW = 3;
/** The part of a body the snippet is cut from: ts_headline reads all it is given. */
const SNIPPET_SOURCE_CHARS = 12_000;

/** The query as searched: one line, trimmed, at most SEARCH_QUERY_MAX characters. */
export function normalizeQuery(raw: unknown) {
  return String(raw ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX);
}

/** "quoted phrases", -excluded words or `or`: the query is meant as web-search syntax. */
const hasSearchSyntax = (query: string) => /"|(^|\s)-\S|\sor\s/i.test(query);

/**
 * The query as a tsquery. Plain words become "design & kube:*" (stemmed, every word needed,
 * the last one also as a prefix, so results come while it is typed); only letters and digits
 * reach to_tsquery, so its syntax cannot be broken. Web-search syntax goes to
 * websearch_to_tsquery as written.
 */
function tsQueryOf(query: string, words: string[]): SQL {
  if (hasSearchSyntax(query)) return sql`websearch_to_tsquery('english', ${query})`;
  const text = words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word));
  return sql`to_tsquery('english', ${text.join(" & ")})`;
}

type Row = {
  kind: SearchKind;
  path: string;
  title: string;
  published_at: string | Date | null;
  total: number | string;
  title_headline: string;
  snippet_headline: string;
};

const isLive = sql`(d.published_at is null or d.published_at <= now())`;

/** The columns a hit is made of: highlighted title and snippet from the row `d`. */
function hitColumns(tsQuery: SQL) {
  return sql`d.kind, d.path, d.title, d.published_at,
    ts_headline('english', translate(d.title, '<>&', ${TAG_MARKERS}), ${tsQuery}, ${TITLE_HEADLINE_OPTIONS}) as title_headline,
    ts_headline('english',
      translate(d.summary || chr(10) || left(d.body, ${SNIPPET_SOURCE_CHARS}), '<>&', ${TAG_MARKERS}),
      ${tsQuery}, ${SNIPPET_HEADLINE_OPTIONS}) as snippet_headline`;
}

function toHit(row: Row): SearchHit {
  return {
    kind: row.kind,
    path: row.path,
    title: row.title,
    titleHtml: headlineToHtml(row.title_headline),
    snippetHtml: headlineToHtml(row.snippet_headline),
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
  };
}

/**
 * Every match of the words, ranked, and the requested page of them read whole. A title
 * match comes first, then ts_rank_cd (the title weighs most, then summary and keywords,
 * then the body), then the newest. The ranking reads ids and numbers only; the scores are
 * computed once per row (materialized), and the page's rows are joined back for snippets.
 */
async function findMatches(db: Db, tsQuery: SQL, limit: number, offset: number) {
  const result = await db.execute(sql`
    with scored as materialized (
      select d.id, d.published_at,
        d.title_vector @@ ${tsQuery} as in_title,
        ts_rank_cd(d.search_vector, ${tsQuery}, 1) as rank
      from search_documents d
      where d.search_vector @@ ${tsQuery} and ${isLive}
    ),
    ranked as (
      select scored.*, count(*) over () as total from scored
      order by in_title desc, rank desc, published_at desc nulls last, id
      limit ${limit} offset ${offset}
    )
    select ranked.total, ${hitColumns(tsQuery)}
    from ranked join search_documents d on d.id = ranked.id
    order by ranked.in_title desc, ranked.rank desc, ranked.published_at desc nulls last, ranked.id`);
  return result.rows as Row[];
}

/** Titles within a typo of a short query (pg_trgm word similarity), the words' matches left out. */
async function findNearTitles(db: Db, query: string, tsQuery: SQL, limit: number) {
  const result = await db.execute(sql`
    select 0 as total, ${hitColumns(tsQuery)}
    from search_documents d
    where ${query} <% d.title and ${isLive} and not (d.search_vector @@ ${tsQuery})
    order by word_similarity(${query}, d.title) desc, d.published_at desc nulls last, d.id
    limit ${limit}`);
  return result.rows as Row[];
}

/**
 * The site search: published insights, case studies, episodes and service guides, best
 * first. Words are stemmed ('english': "designing" finds "design"); see tsQueryOf and
 * findMatches for the matching and the order. When a short query finds (almost) nothing,
 * titles within a typo of it follow ("kubernets" finds "Kubernetes"). Titles and snippets
 * come highlighted, as safe HTML.
 */
export async function searchSite({
  db,
  query: raw,
  page: requestedPage = 1,
  pageSize = SEARCH_PAGE_SIZE,
}: {
  db: Db;
  query: unknown;
  page?: number;
  pageSize?: number;
}): Promise<SearchResults> {
  const query = normalizeQuery(raw);
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  const page = Math.max(1, Math.min(Math.trunc(requestedPage) || 1, 1000));
  if (words.length === 0) return { query, items: [], total: 0, page: 1, pageCount: 0 };
  const tsQuery = tsQueryOf(query, words);
  const rows = await findMatches(db, tsQuery, pageSize, (page - 1) * pageSize);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1)
    total = Number((await findMatches(db, tsQuery, 1, 0))[0]?.total ?? 0);
  const isShort = words.length <= FUZZY_MAX_WORDS && query.length >= FUZZY_MIN_CHARS;
  if (isShort && total < FUZZY_BELOW && page === 1) {
    const near = await findNearTitles(db, query, tsQuery, pageSize - rows.length);
    rows.push(...near);
    total += near.length;
  }
  return {
    query,
    total,
    page,
    pageCount: Math.ceil(total / pageSize),
    items: rows.map(toHit),
  };
}
