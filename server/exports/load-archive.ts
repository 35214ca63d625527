import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { migrationCount } from "#server/backup/backup.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { quoteIdentifier as quote, restartSequences } from "#server/db/table-copy.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { readJsonRecords } from "#server/imports/json-records.ts";
import { openSafeZip, readZipEntry, type ZipLimits } from "#server/imports/zip-reader.ts";
import { rebuildSearchIndex } from "#server/search/index-sync.ts";
import { isStorageKey } from "#server/storage/local-files.ts";
import { getStorage } from "#server/storage/storage.ts";
import { type ExportManifest, exportedTables } from "./archive";
import { EXPORT_FORMAT } from "./contents";

/**
 * Loads an export (archive.ts) into an empty instance (decision 524): every table in one
 * transaction, parents before children, ids and dates as they were; then the files into
 * storage and the search index made again. Staff accounts come without passwords, two-factor
 * settings or passkeys (the export has none); webhook endpoints come switched off with new
 * secrets.
 */

export const archiveZipLimits: ZipLimits = {
  maxEntries: 2_000_000,
  maxTotalBytes: 200 * 1024 ** 3,
  maxRatio: 1000,
};

const BATCH = 500;

export type LoadOutcome = {
  manifest: ExportManifest;
  tables: Record<string, number>;
  files: number;
  skippedFiles: string[];
};

/** Rows this version adjusts as they come in: what the export could not carry. */
const adjustRow: Record<string, (row: Record<string, unknown>) => void> = {
  auth_users: (row) => {
    row.two_factor_enabled = false;
  },
  webhook_endpoints: (row) => {
    row.secret = `whsec_${randomBytes(24).toString("base64url")}`;
    row.is_enabled = false;
    row.disabled_reason =
      "Moved from another server: reveal its new secret, give it to the receiver, then switch it on.";
  },
};

async function columnsOf(db: Db | Tx) {
  const rows = (
    await db.execute(sql`
      select table_name, column_name, is_generated from information_schema.columns
      where table_schema = current_schema()`)
  ).rows as Array<{ table_name: string; column_name: string; is_generated: string }>;
  const columns = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.is_generated === "ALWAYS") continue;
    const set = columns.get(row.table_name) ?? new Set<string>();
    set.add(row.column_name);
    columns.set(row.table_name, set);
  }
  return columns;
}

/** What the instance already holds: an export loads only into an empty one. */
export async function findExistingData(db: Db) {
  const found: Record<string, number> = {};
  for (const table of await exportedTables(db)) {
    if (table === "settings") continue;
    const result = await db.execute(sql.raw(`select count(*)::int as count from ${quote(table)}`));
    const count = Number((result.rows[0] as { count: number }).count);
    if (count > 0) found[table] = count;
  }
  return found;
}

async function insertBatch(
  tx: Tx,
  table: string,
  rows: Array<Record<string, unknown>>,
  known: Set<string>,
) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((column) =>
    known.has(column),
  );
  if (!columns.length) return;
  const list = columns.map(quote).join(", ");
  await tx.execute(
    sql`insert into ${sql.raw(quote(table))} (${sql.raw(list)}) overriding system value select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quote(table))}, ${JSON.stringify(rows)}::json)`,
  );
}

export async function loadExportArchive({
  db,
  env,
  file,
  onTable,
}: {
  db: Db;
  env: Parameters<typeof getStorage>[0] & Pick<Env, "DATA_DIR">;
  file: string;
  onTable?: (table: string, rows: number) => void;
}): Promise<LoadOutcome> {
  const zip = await openSafeZip(file, archiveZipLimits);
  try {
    const manifestEntry = zip.files.get("manifest.json");
    const manifestBytes = manifestEntry
      ? await readZipEntry(zip, manifestEntry, 1024 * 1024)
      : undefined;
    if (!manifestBytes)
      throw new AppError("INVALID", "This is not a Frontier export (it has no manifest.json).");
    let manifest: ExportManifest;
    try {
      manifest = JSON.parse(manifestBytes.toString("utf8")) as ExportManifest;
    } catch {
      throw new AppError("INVALID", "The export's manifest.json cannot be read.");
    }
    if (manifest.format !== EXPORT_FORMAT)
      throw new AppError(
        "INVALID",
        `This is not a Frontier export of a format this version reads (${String(manifest.format).slice(0, 40)}).`,
      );
    const current = await migrationCount(db);
    if (manifest.migrations > current)
      throw new AppError(
        "CONFLICT",
        `This export comes from a newer version of Frontier (${manifest.migrations} migrations, this one has ${current}). Upgrade first.`,
      );
    const existing = await findExistingData(db);
    if (Object.keys(existing).length)
      throw new AppError(
        "CONFLICT",
        `This instance is not empty (${Object.entries(existing)
          .slice(0, 5)
          .map(([table, count]) => `${table}: ${count}`)
          .join(", ")}). Load an export into a new one: a new DATA_DIR, or a new database.`,
      );
    const tables = await exportedTables(db);
    const unknown = Object.keys(manifest.tables).filter(
      (table) => !tables.includes(table) && table !== "settings",
    );
    if (unknown.length)
      throw new AppError(
        "CONFLICT",
        `The export has tables this version does not know: ${unknown.join(", ")}.`,
      );
    const known = await columnsOf(db);
    const loaded: Record<string, number> = {};
    await db.transaction(async (tx) => {
      // Settings a first start may have written (the search index's fingerprint) give way.
      await tx.delete(settings);
      for (const table of tables) {
        const entry = zip.files.get(`data/${table}.json`);
        if (!entry) continue;
        loaded[table] = 0;
        let batch: Array<Record<string, unknown>> = [];
        for await (const { record } of readJsonRecords(await zip.open(entry), {
          tableOf: (at) => (at.length === 1 ? table : undefined),
        })) {
          adjustRow[table]?.(record);
          batch.push(record);
          if (batch.length >= BATCH) {
            await insertBatch(tx, table, batch, known.get(table) ?? new Set());
            loaded[table] += batch.length;
            batch = [];
          }
        }
        if (batch.length) await insertBatch(tx, table, batch, known.get(table) ?? new Set());
        loaded[table] += batch.length;
        onTable?.(table, loaded[table]);
      }
      // Serial and identity columns continue after the loaded rows.
      await restartSequences(tx);
      // The demo content never lands on top of what was moved in.
      await tx
        .insert(settings)
        .values({
          id: "seed",
          value: { seededAt: new Date().toISOString(), loadedFrom: manifest.createdAt },
        })
        .onConflictDoNothing();
    });

    const storage = getStorage(env);
    const skippedFiles: string[] = [];
    let files = 0;
    const scratch = await mkdtemp(path.join(tmpdir(), "frontier-load-"));
    try {
      for (const [name, entry] of zip.files) {
        if (!name.startsWith("uploads/")) continue;
        const key = name.slice("uploads/".length);
        if (!isStorageKey(key)) {
          skippedFiles.push(name);
          continue;
        }
        const temporary = path.join(scratch, "file");
        await pipeline(await zip.open(entry), createWriteStream(temporary));
        await storage.put(
          key,
          { path: temporary, size: (await stat(temporary)).size },
          "application/octet-stream",
        );
        files++;
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    await rebuildSearchIndex(db);
    return { manifest, tables: loaded, files, skippedFiles };
  } finally {
    zip.close();
  }
}
