import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A prospective client who wrote in: through the contact form, the chat or the API. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    /** A service id (shared/content/services.ts) or "other". */
    service: text("service"),
    budget: text("budget"),
    timeline: text("timeline"),
    message: text("message").notNull(),
    source: text("source").$type<"contact" | "chat" | "api">().notNull().default("contact"),
    status: text("status").$type<"new" | "converted" | "archived">().notNull().default("new"),
    /** Set when the lead became a client. */
    clientId: uuid("client_id"),
    /** Where it came from (the client address), for abuse handling. */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's orders, by status or across all, with the id its keyset cursor needs (decision 780).
  (table) => [
    index("leads_status_created_id_idx").on(table.status, table.createdAt, table.id),
    index("leads_created_at_id_idx").on(table.createdAt, table.id),
    index("leads_status_name_id_idx").on(table.status, table.name, table.id),
    index("leads_name_id_idx").on(table.name, table.id),
  ],
);
