import path from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { createBackup, restoreBackup } from "./backup";
import type { SkippedUpload } from "./uploads";

const usage = `Usage:
  npm run backup                      write a backup to ./backups/<date-time>
  npm run backup -- --out DIR         write it to DIR
  npm run backup -- --restore DIR     replace the database (and uploads) with the backup in DIR
With the embedded database, stop the server first.`;

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

/** Files of the uploads folder left out, one line each, on stderr: the command still succeeds. */
function reportSkipped(skipped: SkippedUpload[]) {
  if (skipped.length === 0) return;
  process.stderr.write(
    `Left out ${skipped.length} file(s) of the uploads folder that are not uploaded files:\n${skipped
      .map((file) => `  ${JSON.stringify(file.path)}: ${file.reason}\n`)
      .join("")}`,
  );
}

if (args.includes("--help")) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const env = parseEnv();
const uploadsDir = path.join(env.DATA_DIR, "uploads");
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const restoreFrom = option("--restore");
    if (restoreFrom) {
      const manifest = await restoreBackup({
        db: database.db,
        dir: path.resolve(restoreFrom),
        uploadsDir,
      });
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      process.stdout.write(
        `Restored ${rows} rows from ${restoreFrom} (made ${manifest.createdAt}).\n`,
      );
      reportSkipped(manifest.skippedUploads);
    } else {
      const dir = path.resolve(
        option("--out") ?? path.join("backups", new Date().toISOString().replace(/[:.]/g, "-")),
      );
      const manifest = await createBackup({ db: database.db, dir, uploadsDir });
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      process.stdout.write(
        `Backed up ${rows} rows of ${Object.keys(manifest.tables).length} tables to ${dir}\n`,
      );
      reportSkipped(manifest.skippedUploads);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  const message =
    error instanceof AppError || (error as Error).name === "DatabaseLockedError"
      ? (error as Error).message
      : `Backup failed: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
