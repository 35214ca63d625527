import { invalidatePublicPages } from "../cache/page-cache";
import type { Database } from "../db/client";
import { log } from "../log";

/** After a content write commits: public pages drop their cached copies (never fails the write). */
export async function afterContentChange(database: Pick<Database, "notify">, reason: string) {
  try {
    await invalidatePublicPages(database, reason);
  } catch (error) {
    log.warn("could not invalidate the public page cache", error);
  }
}
