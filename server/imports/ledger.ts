import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { importRecords } from "#server/db/schema/imports.ts";

/**
 * The ledger of what imports created (import_records): written in the transaction that
 * creates the record, so an item is in it exactly when it exists, and read before anything
 * is created, so an import run again creates nothing twice.
 */
export type LedgerKey = { source: string; itemKind: string; sourceKey: string };

export async function findImported(db: Db | Tx, key: LedgerKey) {
  const [row] = await db
    .select({ targetId: importRecords.targetId, targetUrl: importRecords.targetUrl })
    .from(importRecords)
    .where(
      and(
        eq(importRecords.source, key.source),
        eq(importRecords.itemKind, key.itemKind),
        eq(importRecords.sourceKey, key.sourceKey),
      ),
    );
  return row;
}

/**
 * Records what an item became. Returns false when another run recorded it first (two runs of
 * one file at once): the caller's transaction must then roll back.
 */
export async function recordImported(
  db: Db | Tx,
  key: LedgerKey & { targetId: string; targetUrl?: string | null },
) {
  const rows = await db
    .insert(importRecords)
    .values({ ...key, targetUrl: key.targetUrl ?? null })
    .onConflictDoNothing()
    .returning({ targetId: importRecords.targetId });
  return rows.length === 1;
}

/** Thrown inside a transaction that lost the race to another run: nothing is kept. */
export class AlreadyImportedError extends Error {
  constructor() {
    super("imported by another run meanwhile");
    this.name = "AlreadyImportedError";
  }
}
