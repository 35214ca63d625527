import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per accepted public form submission (comment, contact, newsletter),
 * counted per scope and client address to rate-limit bots across instances.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scope: text("scope").notNull(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("form_submissions_scope_address_idx").on(table.scope, table.address, table.createdAt),
  ],
);

/**
 * One row per form filling that stored something: its token's key, written in the
 * same transaction as the lead, comment or subscription, so the same form sent
 * again (its answer was lost) stores nothing more and gets the first answer.
 */
export const formReceipts = pgTable(
  "form_receipts",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("form_receipts_created_idx").on(table.createdAt),
  ],
);
