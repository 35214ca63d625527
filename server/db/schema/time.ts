import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authUsers } from "./auth";
import { clients } from "./clients";
import { invoices } from "./invoices";
import { projectMilestones, projects } from "./projects";

// Time tracking (server/time, decisions 421-429): entries, the running timer, rates, a
// project's time settings and budget alerts, approved weeks, and CSV imports.

export const timeEntrySources = ["timer", "manual", "timesheet", "api", "import"] as const;
export type TimeEntrySource = (typeof timeEntrySources)[number];

/**
 * Time a staff member spent on a project. `entry_date` is the day in the author's time zone;
 * an entry never crosses its author's midnight (a timer that does is split in two).
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "restrict" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    milestoneId: uuid("milestone_id").references(() => projectMilestones.id, {
      onDelete: "set null",
    }),
    entryDate: date("entry_date", { mode: "string" }).notNull(),
    /** When the time began and ended, where known (timers; manual entries may give only minutes). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** What was logged, in whole minutes; rounding applies only on invoices. */
    minutes: integer("minutes").notNull(),
    note: text("note").notNull().default(""),
    isBillable: boolean("is_billable").notNull().default(true),
    /** The invoice that billed it; voiding that invoice clears it. */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** The retainer period (its first day) that settled it (decision 426). */
    retainerPeriodStart: date("retainer_period_start", { mode: "string" }),
    source: text("source").$type<TimeEntrySource>().notNull().default("manual"),
    /** An imported row's fingerprint: importing the same file again adds nothing. */
    importKey: text("import_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("time_entries_user_date_idx").on(table.userId, table.entryDate),
    index("time_entries_project_date_idx").on(table.projectId, table.entryDate),
    index("time_entries_invoice_idx").on(table.invoiceId),
    index("time_entries_updated_idx").on(table.updatedAt, table.id),
    uniqueIndex("time_entries_import_key_idx").on(table.importKey),
    check("time_entries_minutes_check", sql`${table.minutes} between 1 and 1500`),
  ],
);

/** The one running timer of a staff member: starting another stops this one first. */
export const timeTimers = pgTable("time_timers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  milestoneId: uuid("milestone_id").references(() => projectMilestones.id, {
    onDelete: "set null",
  }),
  note: text("note").notNull().default(""),
  isBillable: boolean("is_billable").notNull().default(true),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's time zone: their timesheet's days and weeks are in it. */
export const staffTimeProfiles = pgTable("staff_time_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Hours a week the person is expected to work (utilisation's measure); null: not set. */
  weeklyCapacityMinutes: integer("weekly_capacity_minutes"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A person's rates per hour in one currency, minor units; the cost rate is for admins' eyes. */
export const staffRates = pgTable(
  "staff_rates",
  {
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    billingRate: integer("billing_rate"),
    costRate: integer("cost_rate"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.currency] }),
    check("staff_rates_billing_check", sql`${table.billingRate} >= 0`),
    check("staff_rates_cost_check", sql`${table.costRate} >= 0`),
  ],
);

/** A person's billing rate on one project, in the project's currency. */
export const projectRates = pgTable(
  "project_rates",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    billingRate: integer("billing_rate").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    check("project_rates_billing_check", sql`${table.billingRate} >= 0`),
  ],
);

/** Which client managers look after which clients: they see time on those clients' projects. */
export const clientManagers = pgTable(
  "client_managers",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.userId] }),
    index("client_managers_user_idx").on(table.userId),
  ],
);

export const roundingSteps = [0, 6, 15, 30] as const;

/** A project's time rules: rounding on invoices, the hours budget, alerts, the portal's view. */
export const projectTimeSettings = pgTable(
  "project_time_settings",
  {
    projectId: uuid("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Each billed entry is rounded up to a multiple of this many minutes (0: not rounded). */
    roundingMinutes: integer("rounding_minutes").notNull().default(0),
    /** The budget in minutes; null: no hours budget (the money budget is the project's). */
    budgetMinutes: integer("budget_minutes"),
    /** Hours each retainer period includes; the rest is billed when the period ends. */
    retainerIncludedMinutes: integer("retainer_included_minutes"),
    /** The day included hours were first set: periods that ended before it are never settled. */
    retainerIncludedFrom: date("retainer_included_from", { mode: "string" }),
    /** Clients see the hours used in the portal. */
    isShownInPortal: boolean("is_shown_in_portal").notNull().default(false),
    /** When staff were told the budget reached 80% and 100% (once each per budget). */
    alerted80At: timestamp("alerted_80_at", { withTimezone: true }),
    alerted100At: timestamp("alerted_100_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("project_time_settings_rounding_check", sql`${table.roundingMinutes} in (0, 6, 15, 30)`),
    check("project_time_settings_budget_check", sql`${table.budgetMinutes} > 0`),
    check("project_time_settings_included_check", sql`${table.retainerIncludedMinutes} > 0`),
  ],
);

/** An approved week of one person: its entries are locked for their author. */
export const timeApprovals = pgTable(
  "time_approvals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** The Monday of the week, in the person's time zone. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    approvedBy: text("approved_by"),
    approvedByEmail: text("approved_by_email").notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] })],
);

/** The projects a person's week lists before it has hours ("Add row", "Copy last week"). */
export const timesheetRows = pgTable(
  "timesheet_rows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart, table.projectId] })],
);

/** The overage of one retainer period with included hours, settled once (decision 426). */
export const retainerOverages = pgTable(
  "retainer_overages",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    includedMinutes: integer("included_minutes").notNull(),
    loggedMinutes: integer("logged_minutes").notNull(),
    overageMinutes: integer("overage_minutes").notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.periodStart] })],
);

export const timeImportFormats = ["harvest", "toggl", "clockify"] as const;
export type TimeImportFormat = (typeof timeImportFormats)[number];

/** An uploaded CSV waiting for its preview to be confirmed, then what it added. */
export const timeImports = pgTable(
  "time_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    format: text("format").$type<TimeImportFormat>().notNull(),
    csv: text("csv").notNull(),
    importedCount: integer("imported_count"),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("time_imports_created_idx").on(table.createdAt)],
);
