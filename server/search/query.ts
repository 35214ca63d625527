import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { SearchHit, SearchKind, SearchResults } from "#shared/search.ts";
import {
  headlineToHtml,
  SNIPPET_HEADLINE_OPTIONS,
  TAG_MARKERS,
  TITLE_HEADLINE_OPTIONS,
} from "./highlight";
import { indexWordsOf, prefixDistance, typoBudget, typoDistance } from "./words";

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 10;
/** Matches ranked at most: past this a search says "1,000+" (decision 321). */
export const SEARCH_RANK_LIMIT = 1_000;
/**
 * Title matches added to the ranked set at most, beside the matches the index finds first
 * (those it found are not added again): twenty pages of them. Each is read and ranked, and a
 * word in thousands of titles ranked a thousand (decision 805).
 */
const TITLE_CANDIDATES = 200;
/**
 * Typos are looked for when the words as typed find fewer than this (Typesense's
 * typo_tokens_threshold): a word spelt right is not diluted by its neighbours.
 */
const FUZZY_BELOW = 3;
/** Words within a typo that one query word may stand for, at most (the commonest first). */
const TYPO_ALTERNATIVES = 8;
/** Nearest words (by trigrams) checked for each query word. */
const TYPO_CANDIDATES = 40;
/** "Did you mean" offers a word at most this many typos away (one for words under 5 letters). */
const SUGGEST_MAX_TYPOS = 2;
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
 * the last one also as a prefix, so results come while it is typed, unless `prefix` is false);
 * only letters and digits reach to_tsquery, so its syntax cannot be broken. Web-search syntax
 * goes to websearch_to_tsquery as written.
 */
function tsQueryOf(query: string, words: string[], prefix = true): SQL {
  if (hasSearchSyntax(query)) return sql`websearch_to_tsquery('english', ${query})`;
  return wordsTsQuery(words, [], prefix);
}

/**
 * The quoted phrases every match must contain: none when the query has `or` (a phrase may be
 * one of two choices), and never a phrase excluded with a minus.
 */
export function requiredPhrases(query: string) {
  if (/\sor\s/i.test(query)) return [];
  return [...query.matchAll(/(-?)"([^"]*)"/g)]
    .filter(([, minus, phrase]) => !minus && phrase.trim())
    .map(([, , phrase]) => phrase);
}

/**
 * The word pairs of the required phrases as a tsquery for the phrase index ("'machin learn'
 * & 'learn model'"), or null when they have none (a phrase of one word). A page without them
 * cannot hold the phrases, so only the pages with them are checked (decision 796).
 */
async function phrasePairsQuery(db: Db, query: string): Promise<SQL | null> {
  const phrases = requiredPhrases(query);
  if (phrases.length === 0) return null;
  // The phrases go as one text, joined by the one character a phrase cannot hold.
  const result = await db.execute(sql`
    select tsvector_to_array(search_word_pairs('english',
      variadic string_to_array(${phrases.join('"')}, '"'))) as pairs`);
  const pairs = (result.rows[0] as { pairs: string[] | null } | undefined)?.pairs ?? [];
  if (pairs.length === 0) return null;
  const quoted = pairs.map((pair) => `'${pair.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`);
  return sql`${quoted.join(" & ")}::tsquery`;
}

/**
 * The row `d`'s `vector` matches: through that vector's own index, or, given the phrases'
 * pairs, through the phrase index (the pages' pairs, a table of their own) with the phrase
 * checked in the few rows it finds.
 * `ts_match_vq` is `@@` written as a function, which the planner does not take to the
 * vector's index: doing that too would read every page holding the words in any order.
 */
function matchesOf(vector: SQL, tsQuery: SQL, pairs: SQL | null) {
  return pairs
    ? sql`d.id in (select p.document_id from search_document_pairs p where p.pairs @@ ${pairs})
        and ts_match_vq(${vector}, ${tsQuery})`
    : sql`${vector} @@ ${tsQuery}`;
}

/** The query's words as the typo rules see them: each with its budget, and which is the last. */
function queryWords(words: string[]) {
  return words.map((word, index) => ({
    word,
    index,
    budget: typoBudget(word),
    last: index === words.length - 1,
  }));
}

type QueryWord = ReturnType<typeof queryWords>[number];

/**
 * Some of the query's words as the rows `q(word, budget, last, position)`, one statement
 * parameter a column (`last` is 1 or 0; `position` counts from 1 in the order given).
 */
function queryWordRows(asked: QueryWord[]) {
  return sql`unnest(string_to_array(${asked.map((entry) => entry.word).join(" ")}, ' '),
      string_to_array(${asked.map((entry) => entry.budget).join(" ")}, ' ')::int[],
      string_to_array(${asked.map((entry) => (entry.last ? 1 : 0)).join(" ")}, ' ')::int[])
      with ordinality as q(word, budget, last, position)`;
}

/**
 * The indexed words each query word may stand for under the typo rules (words.ts): within
 * its typo budget, and for the last word within it of a word's start too. Candidates are
 * the words nearest by trigrams (the GiST index of `search_words`), of a length the budget
 * allows; the exact distance is checked here. The commonest words come first.
 */
export async function typoAlternatives(db: Db, words: string[]) {
  const asked = queryWords(words).filter((entry) => entry.budget > 0);
  const alternatives = words.map(() => [] as string[]);
  if (asked.length === 0) return alternatives;
  const result = await db.execute(sql`
    select q.position::int as position, w.word, w.documents, w.stem
    from ${queryWordRows(asked)}
    cross join lateral (
      select w.word, w.documents, w.stem from search_words w
      where q.last = 0 and length(w.word) between length(q.word) - q.budget and length(q.word) + q.budget
      order by w.word <-> q.word limit ${TYPO_CANDIDATES}
    ) as w
    union all
    select q.position::int, w.word, w.documents, w.stem
    from ${queryWordRows(asked)}
    cross join lateral (
      select w.word, w.documents, w.stem from search_words w
      where q.last = 1 and length(w.word) >= length(q.word) - q.budget
      order by q.word <<-> w.word limit ${TYPO_CANDIDATES}
    ) as w`);
  const found = result.rows as Array<{
    position: number;
    word: string;
    documents: number;
    stem: string | null;
  }>;
  for (const entry of asked) {
    const near = found
      .filter((row) => row.position === asked.indexOf(entry) + 1 && row.word !== entry.word)
      .map((row) => ({
        ...row,
        distance: entry.last
          ? prefixDistance(entry.word, row.word, entry.budget)
          : typoDistance(entry.word, row.word, entry.budget),
      }))
      .filter((row) => row.distance <= entry.budget)
      .sort((a, b) => a.distance - b.distance || b.documents - a.documents);
    // One word a stem: "designs", "designer" and "designed" all search for 'design', and each
    // repeat of a term in the query costs the ranking of every candidate again.
    const stems = new Set<string>();
    alternatives[entry.index] = near
      .filter((row) => {
        const stem = row.stem ?? row.word;
        if (stems.has(stem)) return false;
        stems.add(stem);
        return true;
      })
      .slice(0, TYPO_ALTERNATIVES)
      .map((row) => row.word);
  }
  return alternatives;
}

/**
 * Whether a query word cannot match as typed: its stem (the last word's as the start of one)
 * is not in the word list. Such a query goes straight to its typos (decision 825). Only words
 * the list keeps are asked about (indexWordsOf's rules); a stop word has no stem and always
 * passes.
 */
async function hasUnknownWord(db: Db, words: string[]) {
  const asked = queryWords(words).filter((entry) => indexWordsOf([entry.word]).size > 0);
  if (asked.length === 0) return false;
  const result = await db.execute(sql`
    select exists (
      select 1 from ${queryWordRows(asked)}
      cross join lateral (
        select (tsvector_to_array(to_tsvector('english', q.word)))[1] as stem) as s
      where s.stem is not null and not exists (
        select 1 from search_words w
        where w.stem collate "C" between s.stem
          and s.stem || case when q.last = 1 then chr(1114111) else '' end)
    ) as unknown`);
  return (result.rows[0] as { unknown: boolean }).unknown;
}

/**
 * Plain words, each with the words it may stand for: "(desing | design) & (prompt:* |
 * prompts)"; the last word also as a prefix unless `prefix` is false.
 */
function wordsTsQuery(words: string[], alternatives: string[][], prefix = true): SQL {
  const text = words.map((word, index) => {
    const own = prefix && index === words.length - 1 ? `${word}:*` : word;
    return `(${[own, ...(alternatives[index] ?? [])].join(" | ")})`;
  });
  return sql`to_tsquery('english', ${text.join(" & ")})`;
}

/**
 * "Did you mean": each query word replaced by the nearest indexed word (fewest typos, then the
 * commonest), kept only if that search finds something. Null when nothing nearer is known.
 */
async function suggestQuery(db: Db, words: string[]) {
  const result = await db.execute(sql`
    select q.position::int as position, w.word, w.documents
    from ${queryWordRows(queryWords(words))}
    cross join lateral (
      select w.word, w.documents from search_words w
      order by w.word <-> q.word limit ${TYPO_CANDIDATES}
    ) as w`);
  const found = result.rows as Array<{ position: number; word: string; documents: number }>;
  const corrected = words.map((word, index) => {
    const max = [...word].length < 5 ? 1 : SUGGEST_MAX_TYPOS;
    const near = found
      .filter((row) => row.position === index + 1)
      .map((row) => ({ ...row, distance: typoDistance(word, row.word, max) }))
      .filter((row) => row.distance <= max)
      .sort((a, b) => a.distance - b.distance || b.documents - a.documents);
    return near[0]?.word ?? word;
  });
  if (corrected.every((word, index) => word === words[index])) return null;
  const check = await findMatches(db, tsQueryOf(corrected.join(" "), corrected), {
    limit: 1,
    offset: 0,
    cap: 1,
    pairs: null,
  });
  return check.length > 0 ? corrected.join(" ") : null;
}

type Row = {
  id: string;
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
  return sql`d.id, d.kind, d.path, d.title, d.published_at,
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
 * The matches of the words, ranked, and the requested page of them read whole. A title
 * match comes first, then ts_rank_cd (the title weighs most, then summary and keywords,
 * then the body), then the newest. A word on every page must not mean ranking every page
 * (decision 321): the candidates are at most `cap` + 1 matches as the index finds them, and
 * up to TITLE_CANDIDATES other title matches (their own index), so that title matches lead;
 * `total` is the first count, past `cap` only to say "more". Each candidate is scored as it is found
 * (materialized: once), the ranking reads ids and numbers only, and the page's rows are
 * joined back for snippets.
 */
async function findMatches(
  db: Db,
  tsQuery: SQL,
  {
    limit,
    offset,
    cap,
    exact = null,
    pairs,
    whole = null,
  }: {
    limit: number;
    offset: number;
    cap: number;
    /** Whether a row `d` matched the words as typed, when they are not what is searched. */
    exact?: SQL | null;
    /** The required phrases' word pairs (phrasePairsQuery), or null. */
    pairs: SQL | null;
    /**
     * The words with the last one whole rather than a prefix, or null. Its matches are the
     * candidates first; the prefix's other matches are looked for only when those are `cap`
     * or fewer (decision 809).
     */
    whole?: SQL | null;
  },
) {
  // Scored where each candidate is found, its row read there anyway (decision 796).
  const scoreColumns = sql`d.id, d.published_at,
    ${exact ?? sql`true`} as exact,
    d.title_vector @@ ${tsQuery} as in_title,
    ts_rank_cd(d.search_vector, ${tsQuery}, 1) as rank`;
  // A prefix the index must expand (GIN's partial match) gathers every page holding any word
  // it starts, before the limit: the words as typed are looked for first, and stop at the cap.
  const matched = whole
    ? sql`whole as materialized (
      select ${scoreColumns} from search_documents d
      where ${matchesOf(sql`d.search_vector`, whole, pairs)} and ${isLive}
      limit ${cap + 1}
    ),
    matched as materialized (
      (select * from whole)
      union all
      (select ${scoreColumns} from search_documents d
        where (select count(*) from whole) <= ${cap}
          and ${matchesOf(sql`d.search_vector`, tsQuery, pairs)}
          and not (d.search_vector @@ ${whole}) and ${isLive}
        limit ${cap + 1})
      limit ${cap + 1}
    )`
    : sql`matched as materialized (
      select ${scoreColumns} from search_documents d
      where ${matchesOf(sql`d.search_vector`, tsQuery, pairs)} and ${isLive}
      limit ${cap + 1}
    )`;
  const result = await db.execute(sql`
    with ${matched},
    titled as materialized (
      select ${scoreColumns} from search_documents d
      where ${matchesOf(sql`d.title_vector`, tsQuery, pairs)} and ${isLive}
        and not exists (select 1 from matched m where m.id = d.id)
      limit ${Math.min(cap, TITLE_CANDIDATES)}
    ),
    scored as (
      select * from matched
      union all
      select * from titled
    ),
    ranked as (
      select scored.*, (select count(*) from matched) as total from scored
      order by exact desc, in_title desc, rank desc, published_at desc nulls last, id
      limit ${limit} offset ${offset}
    )
    select ranked.total, ${hitColumns(tsQuery)}
    from ranked join search_documents d on d.id = ranked.id
    order by ranked.exact desc, ranked.in_title desc, ranked.rank desc, ranked.published_at desc nulls last, ranked.id`);
  return result.rows as Row[];
}

/**
 * The site search: published insights, case studies, episodes and service guides, best
 * first. Words are stemmed ('english': "designing" finds "design"); see tsQueryOf and
 * findMatches for the matching and the order. When the words as typed find (almost) nothing,
 * each may also stand for the indexed words within its typos (one from 5 letters, two from
 * 9; the last word as a prefix too: "desing" finds "design"); when even that finds nothing,
 * `suggestion` is the nearest query that does ("Did you mean"). Titles and snippets come
 * highlighted, as safe HTML.
 */
export async function searchSite({
  db,
  query: raw,
  page: requestedPage = 1,
  pageSize = SEARCH_PAGE_SIZE,
  rankLimit = SEARCH_RANK_LIMIT,
}: {
  db: Db;
  query: unknown;
  page?: number;
  pageSize?: number;
  /** How many matches are ranked at most, and counted before "more" (decision 321). */
  rankLimit?: number;
}): Promise<SearchResults> {
  const query = normalizeQuery(raw);
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  const page = Math.max(1, Math.min(Math.trunc(requestedPage) || 1, 1000));
  if (words.length === 0) return { query, items: [], total: 0, page: 1, pageCount: 0, more: false };
  const plain = !hasSearchSyntax(query);
  let tsQuery = tsQueryOf(query, words);
  let whole = plain ? tsQueryOf(query, words, false) : null;
  const pairs = plain ? null : await phrasePairsQuery(db, query);
  const pageOf = async (exact: SQL | null = null) => {
    const rows = await findMatches(db, tsQuery, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      cap: rankLimit,
      exact,
      pairs,
      whole,
    });
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page > 1)
      total = Number(
        (await findMatches(db, tsQuery, { limit: 1, offset: 0, cap: rankLimit, pairs, whole }))[0]
          ?.total ?? 0,
      );
    return { rows, total };
  };
  const lower = words.map((word) => word.toLowerCase());
  // A word no page holds finds nothing as typed: not searched so (decision 825).
  const unknown = plain && (await hasUnknownWord(db, lower));
  let { rows, total } = unknown ? { rows: [] as Row[], total: 0 } : await pageOf();
  if (plain && total < FUZZY_BELOW) {
    // Too little for the words as typed: each may also stand for the indexed words within
    // its typos; what matches as typed still comes first.
    const alternatives = await typoAlternatives(db, lower);
    if (alternatives.some((list) => list.length > 0)) {
      // On the first page the rows are every match as typed (fewer than FUZZY_BELOW), so
      // they are known by id rather than tested again on each candidate's whole vector; a
      // query with an unknown word matched nothing as typed.
      const exact =
        unknown || (page === 1 && rows.length === total)
          ? rows.length > 0
            ? sql`d.id in (${sql.join(
                rows.map((row) => sql`${row.id}`),
                sql`, `,
              )})`
            : sql`false`
          : sql`d.search_vector @@ ${tsQuery}`;
      tsQuery = wordsTsQuery(lower, alternatives);
      whole = wordsTsQuery(lower, alternatives, false);
      ({ rows, total } = await pageOf(exact));
    } else if (unknown) ({ rows, total } = await pageOf());
  }
  const suggestion = plain && total === 0 && page === 1 ? await suggestQuery(db, lower) : null;
  const more = total > rankLimit;
  if (more) total = rankLimit;
  return {
    query,
    total,
    page,
    pageCount: Math.ceil(total / pageSize),
    items: rows.map(toHit),
    more,
    suggestion,
  };
}
