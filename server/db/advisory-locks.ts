import { sql } from "drizzle-orm";
import type { Tx } from "./client";

/**
 * The kinds of key a transaction can lock (`pg_advisory_xact_lock(kind, hashtext(key))`),
 * one number each, so an email never shares a lock with an address of another limit.
 */
export const LOCK_KINDS = {
  signInAccount: 1,
  signInAddress: 2,
  portalLinkEmail: 3,
  portalLinkAddress: 4,
  formAddress: 5,
} as const;

export type LockKind = keyof typeof LOCK_KINDS;

/**
 * Takes advisory locks until the transaction ends, in the order given: parallel requests for
 * the same keys queue here, so what they count and then write is one step on PostgreSQL as on
 * PGlite (decision 209). Callers always list their keys in the same order, so two
 * transactions never wait on each other in a circle.
 */
export async function lockKeys(tx: Tx, keys: Array<[LockKind, string]>) {
  for (const [kind, key] of keys)
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KINDS[kind]}, hashtext(${key}))`);
}
