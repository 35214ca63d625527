import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { importKindList } from "#shared/imports.ts";

// Moving in (docs/decisions/520-imports.md): one row per import, one per item of its preview,
// and the ledger of what every import created, so running one again creates nothing twice.

export const importKinds = importKindList;
export type ImportKind = (typeof importKinds)[number];

export type ImportStatus = "analysing" | "ready" | "importing" | "done" | "failed" | "cancelled";

/** What staff chose beside the file. */
export type ImportOptions = {
  /** The old site's address (Ghost exports do not carry it; images and old paths use it). */
  siteUrl?: string;
  /** A list without a consent column: staff confirm that everyone in it agreed. */
  allAgreed?: boolean;
};

/** One import: its file, where it stands, and the preview's and the run's counts. */
export const importRuns = pgTable(
  "import_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<ImportKind>().notNull(),
    status: text("status").$type<ImportStatus>().notNull().default("analysing"),
    fileName: text("file_name").notNull(),
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull(),
    /** An uploads folder sent as a zip beside an export (WordPress, Ghost). */
    zipName: text("zip_name"),
    zipBytes: bigint("zip_bytes", { mode: "number" }),
    options: jsonb("options").$type<ImportOptions>().notNull().default({}),
    /** What the file says about itself: the site, the columns found, the layout detected. */
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull().default({}),
    /** Preview rows by planned action ("create": 12, "skip": 3…). */
    planned: jsonb("planned").$type<Record<string, number>>().notNull().default({}),
    /** Outcomes so far ("created": 10, "skipped": 2, "missing": 1…). */
    outcomes: jsonb("outcomes").$type<Record<string, number>>().notNull().default({}),
    /** Bytes of the file read while analysing (the first progress bar). */
    bytesRead: bigint("bytes_read", { mode: "number" }).notNull().default(0),
    /** Items in the file, and the position of the next one to work on. */
    itemCount: integer("item_count").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    error: text("error"),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("import_runs_created_idx").on(table.createdAt)],
);

/**
 * What a preview plans and what became of it. Rows of runs made before pages were imported
 * may still read "later" (decision 770): the screens keep a word for it.
 */
export type ImportAction = "create" | "update" | "skip";
export type ImportOutcome = "created" | "updated" | "skipped" | "missing" | "failed";

/** One row of an import's preview (what will happen and why), then what happened. */
export const importItems = pgTable(
  "import_items",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    /** Order in the file: the same on every read of it. */
    position: integer("position").notNull(),
    /** The unit of the file it belongs to (a post with its images and comments, a line). */
    unit: integer("unit").notNull(),
    /** post, page, comment, image, redirect, subscriber, client, contact, invoice, payment. */
    itemKind: text("item_kind").notNull(),
    /** Where it is in the file: "line 12", "post 123". */
    origin: text("origin").notNull().default(""),
    /** What staff read: a title, an address, a number. */
    label: text("label").notNull(),
    action: text("action").$type<ImportAction>().notNull(),
    /** Why it is skipped, or what is worth knowing about it. */
    reason: text("reason").notNull().default(""),
    outcome: text("outcome").$type<ImportOutcome>(),
    outcomeNote: text("outcome_note"),
    /** The command-center address of what it became. */
    targetHref: text("target_href"),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.position] }),
    index("import_items_action_idx").on(table.runId, table.action, table.position),
    index("import_items_unit_idx").on(table.runId, table.unit, table.position),
  ],
);

/**
 * Everything an import created, by where it came from: a second run of the same file (or a
 * later export of the same site) finds it here and creates nothing twice.
 */
export const importRecords = pgTable(
  "import_records",
  {
    /** The origin: "wordpress:https://old.example.com", "ghost", "invoices"… */
    source: text("source").notNull(),
    itemKind: text("item_kind").notNull(),
    /** The item's key in its origin: a post id, an image address, an invoice number. */
    sourceKey: text("source_key").notNull(),
    targetId: text("target_id").notNull(),
    /** For images: the address it has here now. */
    targetUrl: text("target_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.itemKind, table.sourceKey] })],
);
