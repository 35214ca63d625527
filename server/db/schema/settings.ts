import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Site-wide settings documents, one row per document id (e.g. "header"). */
export const settings = pgTable("settings", {
  id: text("id").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
