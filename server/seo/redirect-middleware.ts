import type { RequestHandler } from "express";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import {
  loadRedirectTable,
  normalizePath,
  queryRedirectKey,
  type RedirectTable,
} from "./redirects";

/**
 * Answers redirected paths (the SEO redirect manager's and old slugs of
 * published items) before anything renders. The table lives in memory and is
 * reloaded whenever any instance says content changed.
 */
export async function redirectMiddleware(
  database: Pick<Database, "db" | "listen">,
): Promise<RequestHandler & { redirects(path: string, query?: string): boolean }> {
  let table: RedirectTable = new Map();
  let hasQueryRedirects = false;
  let pending: Promise<void> | undefined;
  const reload = () => {
    pending ??= loadRedirectTable(database.db)
      .then((loaded) => {
        table = loaded;
        hasQueryRedirects = [...loaded.keys()].some((key) => key.includes("?"));
      })
      .catch((error) => log.warn("could not load the redirects", error))
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  await reload();
  await database.listen(PUBLIC_PAGES_CHANNEL, () => void reload());
  /**
   * The redirect of a path, or of one of its query parameters (`/?p=123`, kept under its
   * own key), and the query the visitor is sent on with: the request's, less that parameter.
   */
  const find = (path: string, query: string) => {
    const byPath = table.get(normalizePath(path));
    if (byPath) return { ...byPath, query };
    if (!query || !hasQueryRedirects) return undefined;
    const search = new URLSearchParams(query);
    for (const [name, value] of search) {
      const found = table.get(queryRedirectKey(path, name, value));
      if (!found) continue;
      search.delete(name, value);
      return { ...found, query: search.toString() };
    }
    return undefined;
  };
  const middleware: RequestHandler = (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const url = request.originalUrl;
    const found = find(request.path, url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");
    if (!found) return next();
    const query = found.query && !found.to.includes("?") ? `?${found.query}` : "";
    response.set("Cache-Control", found.status === 301 ? "public, max-age=3600" : "no-store");
    response.redirect(found.status, found.to + query);
  };
  return Object.assign(middleware, {
    /** Whether an address is redirected (for the page cache's answer before Express). */
    redirects: (path: string, query = "") => find(path, query) !== undefined,
  });
}
