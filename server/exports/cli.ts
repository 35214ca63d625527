// npm run export [-- --out FILE.zip]: every record and uploaded file as one archive.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { setLogLevel } from "#server/log.ts";
import { exportFileName, writeExportArchive } from "./archive";

const usage = `Usage: npm run export [-- --out FILE.zip]
Writes every record (JSON per table) and every uploaded file into one zip, by default
./exports/frontier-export-<date-time>.zip. Passwords, sessions, two-factor secrets, API token
hashes and webhook secrets are never in it. Load it elsewhere with
npm run import -- frontier FILE.zip. With the embedded database, stop the server first.`;

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const env = parseEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const target = path.resolve(values.out ?? path.join("exports", exportFileName()));
  const partial = `${target}.part`;
  await import("node:fs/promises").then(({ mkdir }) =>
    mkdir(path.dirname(target), { recursive: true }),
  );
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    // Readable by its owner only: it holds every client's and subscriber's data.
    const manifest = await writeExportArchive({
      db: database.db,
      env,
      output: createWriteStream(partial, { mode: 0o600 }),
    });
    await rename(partial, target);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    process.stdout.write(
      `Exported ${rows} rows of ${Object.keys(manifest.tables).length} tables and ${manifest.files} files to ${target}\n`,
    );
    for (const key of manifest.missingFiles)
      process.stderr.write(`Not in storage (left out): ${key}\n`);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  const message =
    error instanceof AppError || (error as Error).name === "DatabaseLockedError"
      ? (error as Error).message
      : `The export failed: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
