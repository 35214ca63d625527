import { forgetLayoutData } from "#server/cache/layout-data.ts";
import { invalidatePublicPages, PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";

/** After a content write commits: public pages drop their cached copies (never fails the write). */
export async function afterContentChange(database: Pick<Database, "notify">, reason: string) {
  try {
    await invalidatePublicPages(database, reason);
  } catch (error) {
    log.warn("could not invalidate the public page cache", error);
  }
}

/**
 * Layout data kept in memory (layout-data.ts) is read again when any instance's content
 * or settings change: the NOTIFY that drops cached pages.
 */
export function listenForLayoutChanges(database: Pick<Database, "listen">) {
  return database.listen(PUBLIC_PAGES_CHANNEL, () => forgetLayoutData());
}
