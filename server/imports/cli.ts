// npm run import -- <wordpress|ghost|subscribers|clients|invoices> FILE [--zip UPLOADS.zip]
//                   [--site https://old.example.com] [--all-agreed] [--yes | --preview]
// npm run import -- frontier ARCHIVE.zip
import { stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { and, asc, eq, inArray } from "drizzle-orm";
import { createToken } from "#server/auth/tokens.ts";
import { openDatabase } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { importItems, importRuns } from "#server/db/schema/imports.ts";
import { parseEnv } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { loadExportArchive } from "#server/exports/load-archive.ts";
import { setLogLevel } from "#server/log.ts";
import { runImportToEnd } from "./pipeline";
import { createRunRecord, getImportRun, importKindNames, isImportKind, startImport } from "./runs";

const usage = `Usage:
  npm run import -- <kind> FILE [options]
    kinds: wordpress (a WXR export), ghost (a Ghost JSON export), subscribers (a list as CSV),
           clients (CSV), invoices (invoices or payments as CSV)
    --zip FILE      the uploads folder as a zip (wordpress, ghost): images come from it
    --site URL      the old site's address (Ghost exports do not carry it)
    --all-agreed    a list without a status column: everyone in it agreed to the newsletter
    --preview       only show what would happen
    --yes           import without asking
  npm run import -- frontier ARCHIVE.zip
    load an export of another Frontier (npm run export) into this one, which must be empty
With the embedded database, stop the server first.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function askToImport() {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question("Import it now? [y/N] ");
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

function summary(counts: Record<string, number>) {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `  ${key.replace(":", " ")}: ${count}`)
    .join("\n");
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      zip: { type: "string" },
      site: { type: "string" },
      "all-agreed": { type: "boolean" },
      preview: { type: "boolean" },
      yes: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  const [kind, file] = positionals;
  if (values.help) {
    say(usage);
    return;
  }
  if (!kind || !file) fail(usage);
  const source = path.resolve(file);
  const info = await stat(source).catch(() => undefined);
  if (!info?.isFile()) fail(`${file} is not a file.`);

  const env = parseEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (kind === "frontier") {
      const outcome = await loadExportArchive({
        db: database.db,
        env,
        file: source,
        onTable: (table, rows) => process.stderr.write(`  ${table}: ${rows}\n`),
      });
      const rows = Object.values(outcome.tables).reduce((sum, count) => sum + count, 0);
      say(
        `Loaded ${rows} rows of ${Object.keys(outcome.tables).length} tables and ${outcome.files} files from ${file} (exported ${outcome.manifest.createdAt}).`,
      );
      for (const skipped of outcome.skippedFiles)
        process.stderr.write(`Left out ${skipped}: not a name Frontier gives uploaded files.\n`);
      // Accounts came without passwords: each active one gets a link to set one.
      const staff = await database.db
        .select({ id: authUsers.id, email: authUsers.email })
        .from(authUsers)
        .where(eq(authUsers.banned, false));
      if (staff.length)
        say(
          "Staff accounts came without passwords. Each sets one with its link (one hour; later, “Forgot password?” on /login):",
        );
      for (const user of staff) {
        const token = await createToken(database.db, {
          kind: "reset",
          userId: user.id,
          email: user.email,
        });
        say(`  ${user.email}: ${new URL(`/reset-password?token=${token}`, env.PUBLIC_URL).href}`);
      }
      return;
    }
    if (!isImportKind(kind)) fail(`Unknown kind "${kind}".\n\n${usage}`);
    const zip = values.zip ? path.resolve(values.zip) : undefined;
    if (zip && !(await stat(zip).catch(() => undefined))?.isFile())
      fail(`${values.zip} is not a file.`);
    const actor = { id: null, name: "Shell import", email: null };
    const run = await createRunRecord({
      db: database.db,
      kind,
      fileName: path.basename(source),
      fileBytes: info.size,
      options: { siteUrl: values.site, allAgreed: values["all-agreed"] },
      actor,
    });
    if (zip)
      await database.db
        .update(importRuns)
        .set({ zipName: path.basename(zip), zipBytes: (await stat(zip)).size })
        .where(eq(importRuns.id, run.id));
    say(`Reading ${path.basename(source)} as a ${importKindNames[kind]}…`);
    await runImportToEnd({ database, env, runId: run.id, files: { source, zip } });
    const previewed = await getImportRun(database.db, run.id);
    if (previewed?.status !== "ready") fail(previewed?.error ?? "The file could not be read.");
    say(`Preview:\n${summary(previewed.planned)}`);
    const skipped = await database.db
      .select()
      .from(importItems)
      .where(and(eq(importItems.runId, run.id), eq(importItems.action, "skip")))
      .orderBy(asc(importItems.position));
    for (const item of skipped)
      say(`  skip  ${item.origin}  ${item.itemKind} ${item.label}: ${item.reason}`);
    if (previewed.facts.needsConsent && !values["all-agreed"])
      fail(
        "The list does not say who agreed to receive the newsletter: add a status column, or run again with --all-agreed if everyone in it did.",
      );
    if (values.preview) return;
    if (!values.yes && !(await askToImport())) {
      say("Nothing imported. Run again with --yes to import.");
      return;
    }
    await startImport({ db: database.db, id: run.id, actor, allAgreed: values["all-agreed"] });
    let shown = -1;
    await runImportToEnd({
      database,
      env,
      runId: run.id,
      files: { source, zip },
      onProgress: (progress) => {
        const percent = previewed.itemCount
          ? Math.floor((progress.cursor / previewed.itemCount) * 100)
          : 100;
        if (percent !== shown && process.stderr.isTTY)
          process.stderr.write(`\rImporting… ${percent} %`);
        shown = percent;
      },
    });
    if (process.stderr.isTTY) process.stderr.write("\n");
    const done = await getImportRun(database.db, run.id);
    if (done?.status !== "done") fail(done?.error ?? "The import stopped.");
    say(`Imported:\n${summary(done.outcomes)}`);
    const problems = await database.db
      .select()
      .from(importItems)
      .where(
        and(eq(importItems.runId, run.id), inArray(importItems.outcome, ["failed", "missing"])),
      )
      .orderBy(asc(importItems.position));
    for (const item of problems)
      say(`  ${item.outcome}  ${item.origin}  ${item.itemKind} ${item.label}: ${item.outcomeNote}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  const message =
    error instanceof AppError || (error as Error).name === "DatabaseLockedError"
      ? (error as Error).message
      : `The import failed: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
