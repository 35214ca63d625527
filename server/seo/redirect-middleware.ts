import type { RequestHandler } from "express";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import { loadRedirectTable, normalizePath, type RedirectTable } from "./redirects";

/**
 * Answers redirected paths (the SEO redirect manager's and old slugs of
 * published items) before anything renders. The table lives in memory and is
 * reloaded whenever any instance says content changed.
 */
export async function redirectMiddleware(
  database: Pick<Database, "db" | "listen">,
): Promise<RequestHandler & { redirects(path: string): boolean }> {
  let table: RedirectTable = new Map();
  let pending: Promise<void> | undefined;
  const reload = () => {
    pending ??= loadRedirectTable(database.db)
      .then((loaded) => {
        table = loaded;
      })
      .catch((error) => log.warn("could not load the redirects", error))
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  await reload();
  await database.listen(PUBLIC_PAGES_CHANNEL, () => void reload());
  const middleware: RequestHandler = (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const found = table.get(normalizePath(request.path));
    if (!found) return next();
    const query = request.originalUrl.includes("?")
      ? request.originalUrl.slice(request.originalUrl.indexOf("?"))
      : "";
    response.set("Cache-Control", found.status === 301 ? "public, max-age=3600" : "no-store");
    response.redirect(found.status, found.to + (found.to.includes("?") ? "" : query));
  };
  return Object.assign(middleware, {
    /** Whether a path is redirected (for the page cache's answer before Express). */
    redirects: (path: string) => table.has(normalizePath(path)),
  });
}
