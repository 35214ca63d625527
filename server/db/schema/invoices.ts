import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { projects } from "./projects";
import type { DiscountKind } from "./proposals";
import { proposals } from "./proposals";
import { clientCompanyCopy, searchIndex } from "./searchable";

export const invoiceStatuses = [
  "draft",
  "sent",
  "partially_paid",
  "paid",
  "overdue",
  "void",
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const paymentMethods = ["bank_transfer", "card", "cash", "cheque", "other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The last invoice number handed out per year; bumped in the creating transaction. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** INV-YYYY-NNNN, gap-free per year (invoices are voided, never deleted). */
    number: text("number").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    clientCompany: clientCompanyCopy(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    proposalId: uuid("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    kind: text("kind").$type<"standard" | "deposit">().notNull().default("standard"),
    status: text("status").$type<InvoiceStatus>().notNull().default("draft"),
    currency: text("currency").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    discountKind: text("discount_kind").$type<DiscountKind>().notNull().default("none"),
    discountValue: integer("discount_value").notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** Totals in minor units, kept in step with the items. */
    subtotal: integer("subtotal").notNull().default(0),
    discountTotal: integer("discount_total").notNull().default(0),
    taxTotal: integer("tax_total").notNull().default(0),
    total: integer("total").notNull().default(0),
    amountPaid: integer("amount_paid").notNull().default(0),
    /** 1 when issued; each recorded revision of a sent invoice adds one. */
    revision: integer("revision").notNull().default(1),
    replacesInvoiceId: uuid("replaces_invoice_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When a client contact first opened it in the portal. */
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoices_number_idx").on(table.number),
    index("invoices_client_idx").on(table.clientId),
    index("invoices_status_due_idx").on(table.status, table.dueDate),
    index("invoices_issue_date_idx").on(table.issueDate),
    index("invoices_created_at_idx").on(table.createdAt),
    searchIndex("invoices_number_search_idx", table.number),
    searchIndex("invoices_client_company_search_idx", table.clientCompany),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    description: text("description").notNull(),
    /** Hundredths of a unit. */
    quantity: integer("quantity").notNull(),
    unitAmount: integer("unit_amount").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
  },
  (table) => [index("invoice_items_invoice_idx").on(table.invoiceId)],
);

/** A sent invoice changed with a recorded reason: what it was before. */
export const invoiceRevisions = pgTable(
  "invoice_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    reason: text("reason").notNull(),
    previous: jsonb("previous").$type<Record<string, unknown>>().notNull(),
    actorId: text("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("invoice_revisions_invoice_idx").on(table.invoiceId)],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    reference: text("reference").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_invoice_idx").on(table.invoiceId),
    index("payments_client_idx").on(table.clientId),
    index("payments_paid_on_idx").on(table.paidOn),
  ],
);

/**
 * What was paid in each calendar month, per currency: a rollup of `payments` kept by
 * statement-level triggers in the same transaction as the change (migration 0038), so the
 * dashboard's year of revenue reads twelve rows a currency instead of every payment of the
 * year (decision 800). Derived: backups and exports leave it out, and it is counted again as
 * payments go back in.
 */
export const paymentMonths = pgTable(
  "payment_months",
  {
    /** The first day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    /** Minor units; a bigint, as a month's sum passes 2^31 at an agency's scale. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    payments: integer("payments").notNull(),
  },
  (table) => [primaryKey({ columns: [table.month, table.currency] })],
);
