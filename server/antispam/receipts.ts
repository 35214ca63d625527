import { and, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { formReceipts } from "#server/db/schema/antispam.ts";
import { FORM_TOKEN_FIELD, type FormScope, MAX_FORM_AGE_MS, readFormToken } from "./antispam";

/** The recurring job that forgets receipts no token can repeat any more. */
export const PRUNE_RECEIPTS_JOB = "antispam.prune-receipts";

/** A receipt outlives the token that can repeat it (24 h) by a day. */
const RECEIPT_TTL_MS = MAX_FORM_AGE_MS + 24 * 60 * 60 * 1000;

/**
 * The key of the one filling of a form these fields come from: the key inside its
 * token, when this server signed the token; undefined for a form without one.
 */
export function formKeyOf({ secret, form }: { secret: string; form: FormData }) {
  return readFormToken(secret, form.get(FORM_TOKEN_FIELD))?.key;
}

/** Whether this filling of the form already stored what it sent. */
export async function hasFormReceipt({
  db,
  scope,
  key,
}: {
  db: Db;
  scope: FormScope;
  key: string | undefined;
}) {
  if (!key) return false;
  const [row] = await db
    .select({ key: formReceipts.key })
    .from(formReceipts)
    .where(and(eq(formReceipts.scope, scope), eq(formReceipts.key, key)));
  return Boolean(row);
}

export type WriteOnceResult<T> = { isRepeat: true } | { isRepeat: false; result: T };

/**
 * Runs `write` in one transaction with this filling's receipt, taken first: the same
 * filling sent again, even at the same moment from another connection, waits for the
 * first to commit, writes nothing and gets `isRepeat`. Without a key (a form sent
 * without a token, where the form allows that) `write` simply runs.
 */
export function writeOnce<T>({
  db,
  scope,
  key,
  write,
}: {
  db: Db;
  scope: FormScope;
  key: string | undefined;
  write: (tx: Tx) => Promise<T>;
}): Promise<WriteOnceResult<T>> {
  return db.transaction(async (tx): Promise<WriteOnceResult<T>> => {
    if (key) {
      const [kept] = await tx
        .insert(formReceipts)
        .values({ scope, key })
        .onConflictDoNothing()
        .returning({ key: formReceipts.key });
      if (!kept) return { isRepeat: true };
    }
    return { isRepeat: false, result: await write(tx) };
  });
}

/** Drops receipts older than any token that could still repeat them. */
export async function pruneFormReceipts({ db, now = new Date() }: { db: Db; now?: Date }) {
  await db
    .delete(formReceipts)
    .where(lt(formReceipts.createdAt, new Date(now.getTime() - RECEIPT_TTL_MS)));
}
