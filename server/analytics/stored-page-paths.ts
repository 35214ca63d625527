import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import { isLive } from "#server/content/published.ts";
import type { Database, Db } from "#server/db/client.ts";
import { pages } from "#server/db/schema/pages.ts";
import { log } from "#server/log.ts";

/**
 * The paths of the live pages stored as blocks (server/pages), landing pages like
 * /spring-audit included, kept in memory so a beacon is accepted without a query. Read at
 * start-up and again whenever any instance's content changes (the NOTIFY that drops cached
 * pages, sent by every live page write and by scheduled publishing).
 */
// One set per process, on globalThis: the server and the render bundle each have their own
// copy of this module, and the bundle's actions (the contact form's) must see what the
// server's start-up and listener read.
const stateKey = Symbol.for("frontier.storedPagePaths");
const globals = globalThis as unknown as Record<symbol, { paths: ReadonlySet<string> }>;
globals[stateKey] ??= { paths: new Set() };
const state = globals[stateKey];

/** Whether `path` is a live stored page (as last read). */
export function isStoredPagePath(path: string) {
  return state.paths.has(path);
}

/** Reads the live stored pages' paths again. */
export async function refreshStoredPagePaths(db: Db) {
  const rows = await db.select({ path: pages.path }).from(pages).where(isLive(pages));
  state.paths = new Set(rows.map((row) => row.path));
  return state.paths.size;
}

/** Loads the paths and keeps them in step with page changes on every instance. */
export async function keepStoredPagePaths(database: Pick<Database, "db" | "listen">) {
  await refreshStoredPagePaths(database.db);
  return database.listen(PUBLIC_PAGES_CHANNEL, () => {
    refreshStoredPagePaths(database.db).catch((error) =>
      log.warn("could not read the stored pages' paths for analytics", error),
    );
  });
}
