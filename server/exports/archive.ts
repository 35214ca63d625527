import { Readable, type Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { migrationCount, tablesInDependencyOrder } from "#server/backup/backup.ts";
import type { Db } from "#server/db/client.ts";
import { quoteIdentifier as quote } from "#server/db/table-copy.ts";
import type { Env } from "#server/env.ts";
import { getStorage } from "#server/storage/storage.ts";
import { EXPORT_FORMAT, excludedColumns, excludedTables, uploadedFileQueries } from "./contents";

/**
 * The whole instance as one zip (decision 524): `manifest.json`, `data/<table>.json` (a JSON
 * array of the table's rows, as PostgreSQL writes them) and `uploads/<key>` (every stored
 * file the database names), written as a stream: a table is read 500 rows at a time and a
 * file is copied while the zip is sent, so an export of any size takes little memory.
 */

export type ExportManifest = {
  format: string;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  files: number;
  /** Files the database names that storage no longer has. */
  missingFiles: string[];
  excluded: { tables: Record<string, string>; columns: Record<string, string[]> };
};

const BATCH = 500;

/** The tables an export holds, parents before children. */
export async function exportedTables(db: Db) {
  return (await tablesInDependencyOrder(db)).filter((table) => !(table in excludedTables));
}

/** One table's rows as the text of a JSON array, read in batches in physical order. */
async function* tableJson(db: Db, table: string, counts: Record<string, number>) {
  const dropped = excludedColumns[table] ?? [];
  const rowSql = dropped.length
    ? `(to_jsonb(t) ${dropped.map((column) => `- '${column}'`).join(" ")})::text`
    : "row_to_json(t)::text";
  counts[table] = 0;
  let last = "(0,0)";
  yield "[";
  for (;;) {
    const result = await db.execute(
      sql.raw(
        `select ctid::text as at, ${rowSql} as row from ${quote(table)} t where ctid > '${last}'::tid order by ctid limit ${BATCH}`,
      ),
    );
    const rows = result.rows as Array<{ at: string; row: string }>;
    for (const row of rows) {
      yield `${counts[table] === 0 ? "\n" : ",\n"}${row.row}`;
      counts[table]++;
    }
    if (rows.length < BATCH) break;
    last = rows[rows.length - 1].at;
  }
  yield "\n]\n";
}

/** Writes the archive to `output`; resolves with its manifest once the last byte is written. */
export async function writeExportArchive({
  db,
  env,
  output,
}: {
  db: Db;
  env: Parameters<typeof getStorage>[0] & Pick<Env, "DATA_DIR">;
  output: Writable;
}): Promise<ExportManifest> {
  const zip = new yazl.ZipFile();
  const sent = pipeline(zip.outputStream, output);
  let failure: unknown;
  sent.catch((error) => {
    failure = error;
  });
  const stillWriting = () => {
    if (failure) throw failure;
  };
  const counts: Record<string, number> = {};
  const mtime = new Date();
  for (const table of await exportedTables(db)) {
    stillWriting();
    const stream = Readable.from(tableJson(db, table, counts));
    zip.addReadStream(stream, `data/${table}.json`, { mtime });
    await Promise.race([finished(stream), sent]);
  }
  const storage = getStorage(env);
  const keys = new Set<string>();
  for (const query of uploadedFileQueries)
    for (const row of (await db.execute(sql.raw(query))).rows as Array<{ key: string | null }>)
      if (row.key) keys.add(row.key);
  const missingFiles: string[] = [];
  let files = 0;
  for (const key of [...keys].sort()) {
    stillWriting();
    const stored = await storage.get(key).catch(() => undefined);
    if (!stored) {
      missingFiles.push(key);
      continue;
    }
    zip.addReadStream(stored.body, `uploads/${key}`, {
      mtime,
      compress: !/\.(webp|avif|png|jpg|gif|mp3|m4a|ogg|pdf)$/i.test(key),
    });
    await Promise.race([finished(stored.body), sent]);
    files++;
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    createdAt: mtime.toISOString(),
    migrations: await migrationCount(db),
    tables: counts,
    files,
    missingFiles,
    excluded: { tables: excludedTables, columns: excludedColumns },
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json", { mtime });
  zip.end();
  await sent;
  return manifest;
}

export function exportFileName(now = new Date()) {
  return `frontier-export-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.zip`;
}
