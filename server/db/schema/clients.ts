import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { prefixIndex, searchIndex } from "./searchable";

/** A company the agency works for (usually a converted lead). */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    company: text("company").notNull(),
    billingAddress: text("billing_address").notNull().default(""),
    /** ISO 4217 code; proposals and invoices for this client default to it. */
    currency: text("currency").notNull().default("USD"),
    taxId: text("tax_id").notNull().default(""),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("clients_company_idx").on(table.company),
    index("clients_created_at_idx").on(table.createdAt),
    // The list's default order (by company, any case) and its keyset cursor (decision 746).
    index("clients_company_lower_id_idx").on(sql`lower(${table.company})`, table.id),
    searchIndex("clients_company_search_idx", table.company),
  ],
);

export const clientContacts = pgTable(
  "client_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    role: text("role").notNull().default(""),
    /** The contact proposals and invoices are mailed to. */
    isPrimary: boolean("is_primary").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    index("client_contacts_client_idx").on(table.clientId),
    index("client_contacts_email_idx").on(table.email),
    searchIndex("client_contacts_name_search_idx", table.name),
    searchIndex("client_contacts_email_search_idx", table.email),
    prefixIndex("client_contacts_email_prefix_idx", table.email),
  ],
);
