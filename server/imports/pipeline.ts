import { and, asc, eq, max } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database } from "#server/db/client.ts";
import { importItems, importRuns } from "#server/db/schema/imports.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { localImportFile, removeImportFiles } from "./files";
import { importers } from "./registry";
import { countImportItems, getImportRun, queueImportWork } from "./runs";
import type { ImportContext, ImportRun, ItemResult, PlannedItem } from "./types";
import { openSafeZip, type SafeZip, uploadsZipLimits } from "./zip-reader";

/** How long one job works on an import before handing over to the next (well inside its lock). */
export const SLICE_MS = 60_000;
const PROGRESS_EVERY_MS = 1_000;
const ROW_BATCH = 200;

type SliceOptions = {
  database: Pick<Database, "db" | "notify">;
  env: Env;
  runId: string;
  /** Stop after this long and say "continue" (Infinity: the shell command, in one go). */
  budgetMs?: number;
  /** The files, when they are not the run's kept uploads (the shell command's own paths). */
  files?: { source: string; zip?: string };
  onProgress?: (run: Pick<ImportRun, "status" | "bytesRead" | "cursor" | "itemCount">) => void;
};

/**
 * Does an import's work for one slice of time: the preview (every unit of the file planned
 * into rows), or the import (every unit's rows run, in file order). A slice skips the units
 * done before it (their position is the run's cursor) and ends by saying whether more is left.
 */
export async function runImportSlice(
  options: SliceOptions,
): Promise<"continue" | "finished" | "idle"> {
  const { database, env, runId } = options;
  const { db } = database;
  const run = await getImportRun(db, runId);
  if (!run || (run.status !== "analysing" && run.status !== "importing")) return "idle";
  const phase = run.status === "analysing" ? "preview" : "import";
  let zip: SafeZip | undefined;
  try {
    const source = options.files?.source ?? (await localImportFile(env, { runId, role: "source" }));
    const zipFile =
      options.files?.zip ??
      (run.zipName ? await localImportFile(env, { runId, role: "zip" }) : undefined);
    zip = zipFile ? await openSafeZip(zipFile, uploadsZipLimits) : undefined;
    let bytesRead = 0;
    const context: ImportContext = {
      db,
      database,
      env,
      run,
      actor: {
        id: run.actorId,
        name: run.actorEmail ?? "Import",
        email: run.actorEmail,
        address: run.address,
      },
      phase,
      file: source,
      zip,
      onBytes: (bytes) => {
        bytesRead += bytes;
      },
    };
    const importer = importers[run.kind];
    const state = await importer.prepare(context);
    bytesRead = 0;
    if (phase === "preview" && run.cursor === 0)
      await db.delete(importItems).where(eq(importItems.runId, runId));
    let position = 0;
    if (phase === "preview" && run.cursor > 0) {
      const [row] = await db
        .select({ last: max(importItems.position) })
        .from(importItems)
        .where(eq(importItems.runId, runId));
      position = (row?.last ?? -1) + 1;
    }
    const budget = options.budgetMs ?? SLICE_MS;
    const deadline = Date.now() + budget;
    let unit = 0;
    let lastSaved = Date.now();
    let rows: Array<typeof importItems.$inferInsert> = [];
    const flushRows = async () => {
      if (rows.length) await db.insert(importItems).values(rows).onConflictDoNothing();
      rows = [];
    };
    const saveProgress = async () => {
      await flushRows();
      const [saved] = await db
        .update(importRuns)
        .set({ cursor: unit, bytesRead, updatedAt: new Date() })
        .where(eq(importRuns.id, runId))
        .returning();
      lastSaved = Date.now();
      options.onProgress?.(saved);
      return saved;
    };
    for await (const value of importer.units(context, state)) {
      if (unit < run.cursor) {
        unit++;
        continue;
      }
      if (Date.now() > deadline) {
        const saved = await saveProgress();
        if (saved.status !== run.status) return "idle";
        await queueImportWork(db, saved);
        return "continue";
      }
      const planned = await importer.plan(value, context, state);
      if (phase === "preview") {
        for (const item of planned) rows.push(rowOf(runId, unit, position++, item));
        if (rows.length >= ROW_BATCH) await flushRows();
      } else await runUnit(db, runId, unit, planned);
      unit++;
      if (Date.now() - lastSaved > PROGRESS_EVERY_MS) {
        const saved = await saveProgress();
        // Cancelled meanwhile (from the screen): stop where it is.
        if (saved.status !== run.status) return "idle";
      }
    }
    await flushRows();
    if (phase === "preview") {
      await db
        .update(importRuns)
        .set({
          status: "ready",
          cursor: 0,
          itemCount: unit,
          bytesRead,
          facts: importer.facts?.(state) ?? {},
          planned: await countImportItems(db, runId, "action"),
          error: null,
          updatedAt: new Date(),
        })
        .where(and(eq(importRuns.id, runId), eq(importRuns.status, "analysing")));
    } else {
      await importer.finish?.(context, state);
      const outcomes = await countImportItems(db, runId, "outcome");
      await db.transaction(async (tx) => {
        await tx
          .update(importRuns)
          .set({
            status: "done",
            cursor: unit,
            outcomes,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(importRuns.id, runId));
        await recordAudit(tx, {
          actorId: run.actorId,
          actorEmail: run.actorEmail,
          address: run.address,
          action: "finish",
          area: "imports",
          recordId: runId,
          detail: { kind: run.kind, file: run.fileName, outcomes },
        });
      });
      zip?.close();
      zip = undefined;
      await removeImportFiles(env, runId);
      await afterContentChange(database, `import ${run.kind} finished`);
    }
    options.onProgress?.({
      status: phase === "preview" ? "ready" : "done",
      bytesRead,
      cursor: unit,
      itemCount: unit,
    });
    return "finished";
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : `The import stopped: ${(error as Error).message ?? String(error)}`;
    if (!(error instanceof AppError)) log.error(`import ${runId} failed`, error);
    await db
      .update(importRuns)
      .set({
        status: "failed",
        error: message.slice(0, 2000),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(importRuns.id, runId));
    await recordAudit(db, {
      actorId: run.actorId,
      actorEmail: run.actorEmail,
      action: "fail",
      area: "imports",
      recordId: runId,
      detail: { kind: run.kind, file: run.fileName, error: message.slice(0, 300) },
    });
    options.onProgress?.({
      status: "failed",
      bytesRead: run.bytesRead,
      cursor: run.cursor,
      itemCount: run.itemCount,
    });
    return "finished";
  } finally {
    zip?.close();
  }
}

function rowOf(
  runId: string,
  unit: number,
  position: number,
  item: PlannedItem,
): typeof importItems.$inferInsert {
  return {
    runId,
    unit,
    position,
    itemKind: item.itemKind,
    origin: item.origin.slice(0, 200),
    label: item.label.slice(0, 300) || "(untitled)",
    action: item.action,
    reason: (item.reason ?? "").slice(0, 1000),
  };
}

/** Runs one unit's rows in order; a failure is that row's outcome, never the import's end. */
async function runUnit(
  db: SliceOptions["database"]["db"],
  runId: string,
  unit: number,
  planned: PlannedItem[],
) {
  const stored = await db
    .select({ position: importItems.position })
    .from(importItems)
    .where(and(eq(importItems.runId, runId), eq(importItems.unit, unit)))
    .orderBy(asc(importItems.position));
  for (const [index, item] of planned.entries()) {
    let result: ItemResult;
    if (item.run && (item.action === "create" || item.action === "update")) {
      try {
        result = await item.run();
      } catch (error) {
        if (!(error instanceof AppError))
          log.warn(`import ${runId}: ${item.itemKind} failed`, error);
        result = { outcome: "failed", note: (error as Error).message ?? String(error) };
      }
    } else result = { outcome: "skipped", note: item.reason };
    const position = stored[index]?.position;
    const values = {
      outcome: result.outcome,
      outcomeNote: (result.note ?? "").slice(0, 1000) || null,
      targetHref: result.targetHref ?? null,
      // What the file says is kept as the preview said it, unless the row is new.
      action: item.action,
    };
    if (position === undefined) {
      const [last] = await db
        .select({ last: max(importItems.position) })
        .from(importItems)
        .where(eq(importItems.runId, runId));
      await db.insert(importItems).values({
        ...rowOf(runId, unit, (last?.last ?? -1) + 1, item),
        ...values,
      });
    } else
      await db
        .update(importItems)
        .set({ ...values, reason: (item.reason ?? "").slice(0, 1000) })
        .where(and(eq(importItems.runId, runId), eq(importItems.position, position)));
  }
}

/** The job: one slice, then the next slice queued by the slice itself. */
export async function runImportJob(
  payload: Record<string, unknown>,
  context: { database: Database; env: Env },
) {
  const runId = typeof payload.runId === "string" ? payload.runId : "";
  if (!runId) return;
  await runImportSlice({ database: context.database, env: context.env, runId });
}

/** The shell command's way: the whole phase in this process, in one go. */
export async function runImportToEnd(options: Omit<SliceOptions, "budgetMs">) {
  return runImportSlice({ ...options, budgetMs: Number.POSITIVE_INFINITY });
}
