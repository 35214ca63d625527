/**
 * The public pages and feeds the page cache keeps, each with the query parameters its
 * loader reads. This table is the one place they are declared: a page renders with
 * exactly these parameters (the others never reach its loader), and its cache key is
 * its path plus these parameters in a canonical order, so tracking parameters
 * (utm_*, gclid, fbclid, ...) and made-up ones all share the page's entry.
 * `page` is a list page number; `text` a filter value (a tag, a service, an industry).
 * Values the loader does not know (a tag nobody uses, a page past the last) are its to
 * refuse with a 404 (app/routes/site/insights.tsx, case-studies.tsx, podcasts.tsx).
 */
const publicPages: ReadonlyArray<{ pattern: RegExp; params: Readonly<Record<string, Kind>> }> = [
  { pattern: /^\/$/, params: {} },
  { pattern: /^\/insights\/?$/, params: { page: "page", tag: "text" } },
  { pattern: /^\/case-studies\/?$/, params: { industry: "text", page: "page", service: "text" } },
  { pattern: /^\/podcasts\/?$/, params: { page: "page" } },
  { pattern: /^\/(about-us|services|faq|pricing|contact|personas|privacy)\/?$/, params: {} },
  { pattern: /^\/(services|case-studies|insights)\/[\w-]+\/?$/, params: {} },
  { pattern: /^\/(insights\.rss|podcasts\.rss|sitemap(-\d+)?\.xml|robots\.txt)$/, params: {} },
];

type Kind = "page" | "text";

function paramsOf(path: string) {
  for (const page of publicPages) if (page.pattern.test(path)) return page.params;
  return undefined;
}

/** Public pages and feeds; never the command center, client links or data requests. */
export function isCacheablePath(path: string) {
  return paramsOf(path) !== undefined;
}

export type PageAddress = {
  /** The cache key: the path and the parameters the page reads, sorted by name. */
  key: string;
  /** Set when the address says the same as `key` in another way: where to send the visitor. */
  redirectTo?: string;
};

/**
 * Where a request for `url` (path and query, as sent) belongs: undefined for anything
 * but a public page. Duplicated parameters (the last one counts, as in the loaders),
 * empty values, `page=1` and filter values with spaces around them have one canonical
 * form, given as `redirectTo` (the parameters the page does not read are kept there,
 * for whoever reads them in the browser).
 */
export function addressOf(url: string): PageAddress | undefined {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const params = paramsOf(path);
  if (!params) return undefined;
  if (query === -1) return { key: url };
  const search = new URLSearchParams(url.slice(query + 1));
  const read: Array<[string, string]> = [];
  let isCanonical = true;
  for (const name of Object.keys(params).sort()) {
    const values = search.getAll(name);
    if (values.length === 0) continue;
    const raw = values[values.length - 1];
    const value = params[name] === "text" ? raw.trim() : raw;
    const isDefault = value === "" || (params[name] === "page" && value === "1");
    if (values.length > 1 || value !== raw || isDefault) isCanonical = false;
    if (!isDefault) read.push([name, value]);
  }
  const readQuery = new URLSearchParams(read).toString();
  const key = readQuery ? `${path}?${readQuery}` : path;
  if (isCanonical) return { key };
  const others = [...search].filter(([name]) => !(name in params));
  const rest = new URLSearchParams([...read, ...others]).toString();
  return { key, redirectTo: rest ? `${path}?${rest}` : path };
}

/**
 * The cache key of a public page's address, or undefined (not a public page, or an
 * address to redirect). Allocates nothing for an address without a query.
 */
export function cacheKeyOf(url: string) {
  if (url.indexOf("?") === -1) return paramsOf(url) ? url : undefined;
  const address = addressOf(url);
  return address && !address.redirectTo ? address.key : undefined;
}
