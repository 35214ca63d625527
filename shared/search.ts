/** What the site search answers (server/search/query.ts), for the dialog and the /search page. */

export type SearchKind = "insight" | "case-study" | "episode" | "service" | "page";

export type SearchHit = {
  kind: SearchKind;
  path: string;
  title: string;
  /** Escaped text with <mark> around the matches, and no other markup. */
  titleHtml: string;
  snippetHtml: string;
  publishedAt: string | null;
};

export type SearchResults = {
  query: string;
  items: SearchHit[];
  total: number;
  page: number;
  pageCount: number;
  /** More than `total` pages match: only the first `total` are ranked ("1,000+ results"). */
  more?: boolean;
  /** "Did you mean": the query with each word as the nearest indexed one, when nothing matched. */
  suggestion?: string | null;
};

export const searchKindLabels: Record<SearchKind, string> = {
  insight: "Insight",
  "case-study": "Case study",
  episode: "Podcast",
  service: "Service",
  page: "Page",
};

/** The dialog's address for results as you type: /api/search?q=… (JSON). */
export const SEARCH_SUGGEST_PATH = "/api/search";
/** How many results the dialog shows; /search pages through the rest. */
export const SEARCH_SUGGEST_LIMIT = 8;

/** "1 result", "24 results", "1,000+ results". */
export function resultCount({ total, more }: Pick<SearchResults, "total" | "more">) {
  const digits = String(total).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${digits}${more ? "+" : ""} ${total === 1 && !more ? "result" : "results"}`;
}
