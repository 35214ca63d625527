import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "#server/db/client.ts";
import {
  type ImportKind,
  type ImportOptions,
  importItems,
  importRuns,
} from "#server/db/schema/imports.ts";
import { type Env, parseEnv } from "#server/env.ts";
import { runImportToEnd } from "#server/imports/pipeline.ts";
import { createRunRecord, getImportRun, startImport } from "#server/imports/runs.ts";
import { projectRoot } from "#server/paths.ts";

export const fixturesDir = path.join(projectRoot, "tests", "fixtures", "imports");

/** A fixture's text, with __SITE__ standing for the old site's address. */
export function fixture(name: string, site = "https://old.example.com") {
  return readFileSync(path.join(fixturesDir, name), "utf8").replaceAll("__SITE__", site);
}

/** Writes text to a file of its own in a temporary folder; returns its path. */
export function tempFile(name: string, content: string | Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "frontier-import-")), name);
  writeFileSync(file, content);
  return file;
}

export function importEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "frontier-import-data-")),
    AUTH_SECRET: "import-tests-secret-import-tests-secret-12",
    PUBLIC_URL: "http://frontier.test",
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

export async function png(width = 64, height = 48, color = "#3366ff") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The old site: answers any .png address with a picture, counting what it is asked; 404 otherwise. */
export async function startOldSite() {
  const picture = await png();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url?.endsWith(".png") && !request.url.includes("missing")) {
      response.writeHead(200, { "Content-Type": "image/png", "Content-Length": picture.length });
      response.end(picture);
    } else {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const shellActor = { id: null, name: "Test", email: "importer@frontier.test" };

/** An import from a file, previewed to its end, as the shell command does it. */
export async function previewImport({
  database,
  env,
  kind,
  file,
  zip,
  options = {},
}: {
  database: Database;
  env: Env;
  kind: ImportKind;
  file: string;
  zip?: string;
  options?: ImportOptions;
}) {
  const run = await createRunRecord({
    db: database.db,
    kind,
    fileName: path.basename(file),
    fileBytes: readFileSync(file).length,
    options,
    actor: shellActor,
  });
  if (zip)
    await database.db
      .update(importRuns)
      .set({ zipName: path.basename(zip) })
      .where(eq(importRuns.id, run.id));
  await runImportToEnd({ database, env, runId: run.id, files: { source: file, zip } });
  const previewed = await getImportRun(database.db, run.id);
  const items = await database.db
    .select()
    .from(importItems)
    .where(eq(importItems.runId, run.id))
    .orderBy(asc(importItems.position));
  return { run: previewed, items };
}

/** Imports what a preview planned; returns the run and its rows with their outcomes. */
export async function applyImport({
  database,
  env,
  runId,
  file,
  zip,
  allAgreed,
}: {
  database: Database;
  env: Env;
  runId: string;
  file: string;
  zip?: string;
  allAgreed?: boolean;
}) {
  await startImport({ db: database.db, id: runId, actor: shellActor, allAgreed });
  await runImportToEnd({ database, env, runId, files: { source: file, zip } });
  const run = await getImportRun(database.db, runId);
  const items = await database.db
    .select()
    .from(importItems)
    .where(eq(importItems.runId, runId))
    .orderBy(asc(importItems.position));
  return { run, items };
}

/** Preview then import, in one call. */
export async function importFile(
  options: Parameters<typeof previewImport>[0] & { allAgreed?: boolean },
) {
  const preview = await previewImport(options);
  if (preview.run?.status !== "ready")
    throw new Error(`preview ended ${preview.run?.status}: ${preview.run?.error}`);
  const done = await applyImport({
    database: options.database,
    env: options.env,
    runId: preview.run.id,
    file: options.file,
    zip: options.zip,
    allAgreed: options.allAgreed,
  });
  return { preview, ...done };
}
