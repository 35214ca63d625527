import type { Database, Db } from "#server/db/client.ts";
import type { ImportAction, ImportOutcome, importRuns } from "#server/db/schema/imports.ts";
import type { Env } from "#server/env.ts";
import type { SafeZip } from "./zip-reader";

export type ImportRun = typeof importRuns.$inferSelect;

/** Who runs an import: a staff member in the browser, or the shell (id null). */
export type ImportActor = {
  id: string | null;
  name: string;
  email: string | null;
  address?: string | null;
};

/** What happened to one item when the import ran. */
export type ItemResult = { outcome: ImportOutcome; note?: string; targetHref?: string };

/** One row of the preview: what will happen to an item of the file, and why. */
export type PlannedItem = {
  itemKind: string;
  /** Where it is in the file: "line 12", "post 123". */
  origin: string;
  label: string;
  action: ImportAction;
  reason?: string;
  /** The work, done only when the import runs (never for the preview). */
  run?: () => Promise<ItemResult>;
};

export type ImportPhase = "preview" | "import";

/** What an importer is handed: the database, the files, who runs it and which phase. */
export type ImportContext = {
  db: Db;
  database: Pick<Database, "db" | "notify">;
  env: Env;
  run: ImportRun;
  actor: ImportActor;
  phase: ImportPhase;
  /** The export, on this machine's disk. */
  file: string;
  /** The uploads folder sent beside it, when there is one. */
  zip?: SafeZip;
  /** Bytes of the file read so far (the preview's progress). */
  onBytes(bytes: number): void;
};

/**
 * One kind of import. A file is read as a sequence of units (a post with its comments, a
 * CSV line); each unit is planned into the rows of the preview, the same rows in the same
 * order whenever the file is read, and those rows' `run` do the work.
 */
export type Importer<State, Unit> = {
  /** Reads what the units need before the first one (authors, attachments, columns). */
  prepare(context: ImportContext): Promise<State>;
  units(context: ImportContext, state: State): AsyncIterable<Unit>;
  plan(unit: Unit, context: ImportContext, state: State): Promise<PlannedItem[]>;
  /** What the file says about itself, for the preview's head. */
  facts?(state: State): Record<string, unknown>;
  /** After the last unit has run (invoice counters, redirect tables). */
  finish?(context: ImportContext, state: State): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own state and unit shapes.
export type AnyImporter = Importer<any, any>;
