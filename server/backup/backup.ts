import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { quoteIdentifier as quote, restartSequences } from "#server/db/table-copy.ts";
import { AppError } from "#server/errors.ts";
import { copyUploads, type SkippedUpload } from "./uploads";

const BATCH = 500;
const FORMAT = "frontier-backup/1";

type Manifest = {
  format: string;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
};

/** What a backup or restore did: the manifest, and the files of the uploads folder it left out. */
export type BackupOutcome = Manifest & { skippedUploads: SkippedUpload[] };

/**
 * Tables a trigger fills from others (the subscribers per tag): never written to a backup,
 * emptied with the rest by a restore and counted again as their sources go back in.
 */
export const derivedTables = new Set([
  "subscriber_tags",
  "payment_months",
  "search_document_pairs",
]);

/** Our tables in the current schema, in an order where every table comes after those it references. */
export async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = (
    await db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`)
  ).rows.map((row) => String((row as { table_name: string }).table_name));
  const edges = (
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`)
  ).rows as Array<{ child: string; parent: string }>;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

export async function migrationCount(db: Db) {
  const result = await db.execute(sql`
    select count(*)::int as count from information_schema.tables
    where table_name = '__drizzle_migrations'`);
  if (Number((result.rows[0] as { count: number }).count) === 0) return 0;
  for (const schema of ["drizzle", "public"]) {
    try {
      const rows = await db.execute(
        sql.raw(`select count(*)::int as count from ${quote(schema)}."__drizzle_migrations"`),
      );
      return Number((rows.rows[0] as { count: number }).count);
    } catch {
      // not in this schema
    }
  }
  return 0;
}

/**
 * Writes every row of every table (as JSON, one line per row, gzipped) and a
 * copy of the uploads folder into `dir`. Works on PGlite and PostgreSQL alike,
 * so a backup of one restores into the other.
 */
export async function createBackup({
  db,
  dir,
  uploadsDir,
}: {
  db: Db;
  dir: string;
  uploadsDir?: string;
}): Promise<BackupOutcome> {
  await mkdir(dir, { recursive: true });
  const tables = (await tablesInDependencyOrder(db)).filter((table) => !derivedTables.has(table));
  const counts: Record<string, number> = {};
  const lines = async function* () {
    for (const table of tables) {
      counts[table] = 0;
      for (let offset = 0; ; offset += BATCH) {
        const result = await db.execute(
          sql.raw(
            `select row_to_json(t)::text as row from ${quote(table)} t order by ctid limit ${BATCH} offset ${offset}`,
          ),
        );
        for (const row of result.rows as Array<{ row: string }>) {
          counts[table]++;
          yield `{"table":${JSON.stringify(table)},"row":${row.row}}\n`;
        }
        if (result.rows.length < BATCH) break;
      }
    }
  };
  await pipeline(
    Readable.from(lines()),
    createGzip(),
    createWriteStream(path.join(dir, "database.jsonl.gz")),
  );
  const skippedUploads = uploadsDir
    ? await copyUploads({ from: uploadsDir, to: path.join(dir, "uploads") })
    : [];
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    migrations: await migrationCount(db),
    tables: counts,
  };
  await writeFile(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return { ...manifest, skippedUploads };
}

/**
 * Restores a backup into a migrated database, replacing what its tables hold,
 * in one transaction: it all goes in, or nothing changes. Of the uploads only
 * regular files named as the product names them are copied; links and anything
 * else are left out and listed in `skippedUploads`.
 */
export async function restoreBackup({
  db,
  dir,
  uploadsDir,
}: {
  db: Db;
  dir: string;
  uploadsDir?: string;
}): Promise<BackupOutcome> {
  const manifestFile = path.join(dir, "manifest.json");
  if (!(await exists(manifestFile))) {
    throw new AppError("INVALID", `${dir} is not a Frontier backup (no manifest.json).`);
  }
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== FORMAT)
    throw new AppError("INVALID", `Unknown backup format "${manifest.format}".`);
  const current = await migrationCount(db);
  if (manifest.migrations > current) {
    throw new AppError(
      "CONFLICT",
      `This backup comes from a newer version of Frontier (${manifest.migrations} migrations, this one has ${current}). Upgrade first.`,
    );
  }

  const rowsByTable = new Map<string, string[]>();
  const reader = createInterface({
    input: createReadStream(path.join(dir, "database.jsonl.gz")).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of reader) {
    if (!line) continue;
    const { table, row } = JSON.parse(line) as { table: string; row: unknown };
    let rows = rowsByTable.get(table);
    if (!rows) {
      rows = [];
      rowsByTable.set(table, rows);
    }
    rows.push(JSON.stringify(row));
  }

  const tables = await tablesInDependencyOrder(db);
  const unknown = [...rowsByTable.keys()].filter((table) => !tables.includes(table));
  if (unknown.length > 0)
    throw new AppError(
      "CONFLICT",
      `The backup has tables this version lacks: ${unknown.join(", ")}.`,
    );

  // Generated columns (the search index's tsvector) are computed again, never written.
  const generated = new Set(
    (
      await db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_generated = 'ALWAYS'`)
    ).rows.map((row) => {
      const { table_name, column_name } = row as { table_name: string; column_name: string };
      return `${table_name}.${column_name}`;
    }),
  );

  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${tables.map(quote).join(", ")} cascade`));
    for (const table of tables) {
      const rows = derivedTables.has(table) ? [] : (rowsByTable.get(table) ?? []);
      if (rows.length === 0) continue;
      // Only the columns the backup has: a column added since (an identity,
      // a default) is filled as a new row would be; stored identities are kept.
      const columns = Object.keys(JSON.parse(rows[0]) as object)
        .filter((column) => !generated.has(`${table}.${column}`))
        .map(quote)
        .join(", ");
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = `[${rows.slice(start, start + BATCH).join(",")}]`;
        await tx.execute(
          sql`insert into ${sql.raw(quote(table))} (${sql.raw(columns)}) overriding system value select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(quote(table))}, ${batch}::json)`,
        );
      }
    }
    // Serial and identity columns continue after the restored rows.
    await restartSequences(tx);
  });

  const skippedUploads = uploadsDir
    ? await copyUploads({ from: path.join(dir, "uploads"), to: uploadsDir })
    : [];
  return { ...manifest, skippedUploads };
}

async function exists(target: string) {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}
