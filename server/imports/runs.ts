import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db } from "#server/db/client.ts";
import {
  type ImportKind,
  type ImportOptions,
  importItems,
  importKinds,
  importRuns,
} from "#server/db/schema/imports.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import type { UploadedFile } from "#server/upload-form.ts";
import { keepImportFile, removeImportFiles } from "./files";
import type { ImportActor } from "./types";

export const IMPORT_JOB = "import.run";
export const IMPORT_PRUNE_JOB = "import.prune";

import { IMPORT_ITEMS_PAGE_SIZE, type ItemFilter } from "#shared/imports.ts";

export { importFileLimits, importKindNames } from "#shared/imports.ts";

export function isImportKind(value: unknown): value is ImportKind {
  return (importKinds as readonly unknown[]).includes(value);
}

/** Queues the next slice of an import's work (one job per slice, never two for the same one). */
export async function queueImportWork(
  db: Db,
  run: { id: string; status: string; cursor: number; zipName: string | null },
) {
  await enqueueJob(db, {
    kind: IMPORT_JOB,
    payload: { runId: run.id },
    // A preview made again with an uploads zip is new work, not the first preview's.
    uniqueKey: `import:${run.id}:${run.status}${run.zipName ? "+zip" : ""}:${run.cursor}`,
    maxAttempts: 3,
  });
}

/** Starts an import from an uploaded file: its preview is made by a job, then waits for staff. */
export async function createImportRun({
  db,
  env,
  kind,
  file,
  options,
  actor,
}: {
  db: Db;
  env: Env;
  kind: ImportKind;
  file: UploadedFile;
  options: ImportOptions;
  actor: ImportActor;
}) {
  const run = await createRunRecord({
    db,
    kind,
    fileName: file.name,
    fileBytes: file.size,
    options,
    actor,
  });
  try {
    await keepImportFile(env, { runId: run.id, role: "source", file });
  } catch (error) {
    await db.delete(importRuns).where(eq(importRuns.id, run.id));
    throw error;
  }
  await queueImportWork(db, run);
  return run;
}

/** The run's record and its audit entry (the shell command makes one the same way). */
export async function createRunRecord({
  db,
  kind,
  fileName,
  fileBytes,
  options,
  actor,
}: {
  db: Db;
  kind: ImportKind;
  fileName: string;
  fileBytes: number;
  options: ImportOptions;
  actor: ImportActor;
}) {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(importRuns)
      .values({
        kind,
        fileName: fileName.slice(0, 200) || "export",
        fileBytes,
        options,
        actorId: actor.id,
        actorEmail: actor.email,
        address: actor.address ?? null,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "preview",
      area: "imports",
      recordId: run.id,
      detail: { kind, file: run.fileName, bytes: fileBytes },
    });
    return run;
  });
}

export async function getImportRun(db: Db, id: string) {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return run;
}

export async function findImportRuns(db: Db, limit = 20) {
  return db.select().from(importRuns).orderBy(desc(importRuns.createdAt)).limit(limit);
}

/** One page of an import's rows, in file order, filtered by what happens to them. */
export async function findImportItems({
  db,
  runId,
  filter = "all",
  page = 1,
}: {
  db: Db;
  runId: string;
  filter?: ItemFilter;
  page?: number;
}) {
  const where = and(
    eq(importItems.runId, runId),
    filter === "create"
      ? inArray(importItems.action, ["create", "update"])
      : filter === "skip"
        ? eq(importItems.action, "skip")
        : filter === "problems"
          ? and(isNotNull(importItems.outcome), inArray(importItems.outcome, ["failed", "missing"]))
          : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(importItems).where(where);
  const pageCount = Math.max(1, Math.ceil(total / IMPORT_ITEMS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select()
    .from(importItems)
    .where(where)
    .orderBy(asc(importItems.position))
    .limit(IMPORT_ITEMS_PAGE_SIZE)
    .offset((current - 1) * IMPORT_ITEMS_PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}

/** Counts of an import's rows by kind and planned action ("post:create"), or by outcome. */
export async function countImportItems(db: Db, runId: string, by: "action" | "outcome") {
  const column = by === "action" ? importItems.action : importItems.outcome;
  const rows = await db
    .select({ kind: importItems.itemKind, value: column, total: count() })
    .from(importItems)
    .where(and(eq(importItems.runId, runId), isNotNull(column)))
    .groupBy(importItems.itemKind, column);
  return Object.fromEntries(rows.map((row) => [`${row.kind}:${row.value}`, row.total]));
}

/** Staff looked at the preview and import it: the job takes it from the first item. */
export async function startImport({
  db,
  id,
  actor,
  allAgreed,
}: {
  db: Db;
  id: string;
  actor: ImportActor;
  allAgreed?: boolean;
}) {
  const run = await getImportRun(db, id);
  if (!run) throw new AppError("NOT_FOUND", "That import no longer exists.");
  if (run.status !== "ready")
    throw new AppError(
      "CONFLICT",
      run.status === "analysing"
        ? "The file is still being read; import it once its preview is ready."
        : "This import has run already. Start a new one to import the file again.",
    );
  if (run.facts.needsConsent && !allAgreed && !run.options.allAgreed)
    throw new AppError(
      "INVALID",
      "This list does not say who agreed to receive the newsletter. Confirm that everyone in it did, or add a status column.",
      { fieldErrors: { allAgreed: ["Confirm that everyone in the list agreed."] } },
    );
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(importRuns)
      .set({
        status: "importing",
        cursor: 0,
        startedAt: new Date(),
        updatedAt: new Date(),
        options: allAgreed ? { ...run.options, allAgreed: true } : run.options,
      })
      .where(and(eq(importRuns.id, id), eq(importRuns.status, "ready")))
      .returning();
    if (!row) throw new AppError("CONFLICT", "This import has started already.");
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "import",
      area: "imports",
      recordId: id,
      detail: { kind: run.kind, file: run.fileName, planned: run.planned },
    });
    return row;
  });
  await queueImportWork(db, started);
  return started;
}

/** An uploads folder sent after the preview: the preview is made again with it. */
export async function attachUploadsZip({
  db,
  env,
  id,
  file,
  actor,
}: {
  db: Db;
  env: Env;
  id: string;
  file: UploadedFile;
  actor: ImportActor;
}) {
  const run = await getImportRun(db, id);
  if (!run) throw new AppError("NOT_FOUND", "That import no longer exists.");
  if (run.kind !== "wordpress" && run.kind !== "ghost")
    throw new AppError("INVALID", "Only WordPress and Ghost imports take an uploads folder.");
  if (run.status !== "ready")
    throw new AppError(
      "CONFLICT",
      "Add the uploads folder while the preview waits to be imported.",
    );
  await keepImportFile(env, { runId: id, role: "zip", file });
  const [updated] = await db
    .update(importRuns)
    .set({
      status: "analysing",
      zipName: file.name.slice(0, 200) || "uploads.zip",
      zipBytes: file.size,
      cursor: 0,
      bytesRead: 0,
      error: null,
      updatedAt: new Date(),
    })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, "ready")))
    .returning();
  if (!updated) throw new AppError("CONFLICT", "This import has started already.");
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action: "add-uploads",
    area: "imports",
    recordId: id,
    detail: { zip: updated.zipName, bytes: file.size },
  });
  await queueImportWork(db, updated);
  return updated;
}

/** Drops an import that has not run: its preview and its files go. */
export async function cancelImport({
  db,
  env,
  id,
  actor,
}: {
  db: Db;
  env: Env;
  id: string;
  actor: ImportActor;
}) {
  const [row] = await db
    .update(importRuns)
    .set({ status: "cancelled", finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, ["analysing", "ready", "failed"])))
    .returning();
  if (!row)
    throw new AppError("CONFLICT", "This import is running or over; it cannot be cancelled.");
  await db.delete(importItems).where(eq(importItems.runId, id));
  await removeImportFiles(env, id);
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action: "cancel",
    area: "imports",
    recordId: id,
    detail: { kind: row.kind, file: row.fileName },
  });
}

/** Previews nobody imported within a week are dropped with their files (hourly). */
export async function pruneImportRuns({ db, env }: { db: Db; env: Env }) {
  const stale = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(
      and(
        inArray(importRuns.status, ["ready", "failed"]),
        sql`${importRuns.updatedAt} < now() - interval '7 days'`,
      ),
    );
  for (const { id } of stale) {
    await db
      .update(importRuns)
      .set({ status: "cancelled", finishedAt: new Date() })
      .where(eq(importRuns.id, id));
    await db.delete(importItems).where(eq(importItems.runId, id));
    await removeImportFiles(env, id);
  }
}
