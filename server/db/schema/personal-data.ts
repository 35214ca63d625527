import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A subscriber's request for a copy of their data, asked for on the unsubscribe page and
 * answered by a mailed link: only the SHA-256 of the link's token is kept; it works once,
 * for 24 hours (docs/decisions/526-a-persons-data.md).
 */
export const dataExportLinks = pgTable(
  "data_export_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    /** Lower-cased; the address the link was mailed to. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("data_export_links_hash_idx").on(table.tokenHash),
    index("data_export_links_email_idx").on(table.email, table.createdAt),
  ],
);
