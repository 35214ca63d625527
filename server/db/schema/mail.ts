import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every mail the product sends. Without SMTP_URL this is the Outbox staff read
 * in the command center; with it, a record of what went out.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** "outbox" (kept, not sent), "sent" or "failed". */
    status: text("status").$type<"outbox" | "sent" | "failed">().notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mail_messages_created_at_idx").on(table.createdAt),
    index("mail_messages_to_idx").on(table.to),
  ],
);
