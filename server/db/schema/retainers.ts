import { sql } from "drizzle-orm";
import {
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
import { invoices } from "./invoices";
import { projects } from "./projects";

// A project's retainer: a fixed amount invoiced every month or quarter by a scheduled job,
// each period exactly once (decision 417).

export const retainerPeriodKinds = ["month", "quarter"] as const;
export type RetainerPeriodKind = (typeof retainerPeriodKinds)[number];

/** The terms that do not change from period to period; the amount and line live in versions. */
export const retainers = pgTable(
  "retainers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    period: text("period").$type<RetainerPeriodKind>().notNull(),
    /** The first day of the first period (always the first of a month). */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The last day of service: periods starting after it are not invoiced. */
    endDate: date("end_date", { mode: "string" }),
    /** The day of the period's first month its invoice is issued (1-28). */
    issueDay: integer("issue_day").notNull(),
    /** Days from issue to due date. */
    paymentTermsDays: integer("payment_terms_days").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("retainers_project_idx").on(table.projectId),
    check("retainers_issue_day_check", sql`${table.issueDay} between 1 and 28`),
    check("retainers_terms_check", sql`${table.paymentTermsDays} between 0 and 365`),
  ],
);

/**
 * The amount and invoice line from a date on. A period takes the newest version effective
 * on or before its start; the older versions stay as the history.
 */
export const retainerVersions = pgTable(
  "retainer_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** Minor units of the retainer's currency. */
    amount: integer("amount").notNull(),
    description: text("description").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("retainer_versions_retainer_idx").on(table.retainerId, table.effectiveFrom),
    check("retainer_versions_amount_check", sql`${table.amount} > 0`),
  ],
);

/** A pause: periods whose issue date falls on or after `pausedOn` and before `resumedOn` are skipped. */
export const retainerPauses = pgTable(
  "retainer_pauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    pausedOn: date("paused_on", { mode: "string" }).notNull(),
    resumedOn: date("resumed_on", { mode: "string" }),
    pausedBy: text("paused_by"),
    resumedBy: text("resumed_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("retainer_pauses_retainer_idx").on(table.retainerId)],
);

export type RetainerPeriodStatus = "invoiced" | "skipped";

/**
 * Each period the job has dealt with, once: the primary key (retainer, period start) is
 * the exactly-once guarantee, and its row is written in the same transaction as the invoice.
 */
export const retainerPeriods = pgTable(
  "retainer_periods",
  {
    retainerId: uuid("retainer_id")
      .notNull()
      .references(() => retainers.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    status: text("status").$type<RetainerPeriodStatus>().notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    versionId: uuid("version_id").references(() => retainerVersions.id, { onDelete: "set null" }),
    /** When the invoice went to the client; null until it did. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When a runner last took on sending it (so two runners never send it at once). */
    sendingSince: timestamp("sending_since", { withTimezone: true }),
    /** The lease of the job that took it on: once that job is dead, another takes it at once. */
    sendingBy: text("sending_by"),
    sendError: text("send_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.retainerId, table.periodStart] }),
    index("retainer_periods_unsent_idx")
      .on(table.sendingSince)
      .where(sql`${table.invoiceId} is not null and ${table.sentAt} is null`),
  ],
);
