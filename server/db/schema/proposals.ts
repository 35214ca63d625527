import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clientContacts, clients } from "./clients";
import { clientCompanyCopy, searchIndex } from "./searchable";

export const proposalStatuses = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "expired",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

export type DiscountKind = "none" | "percent" | "amount";

/** What the client saw and accepted, kept as it was at that moment. */
export type ProposalSnapshot = {
  title: string;
  clientCompany: string;
  currency: string;
  sections: { scope: string; approach: string; timeline: string; terms: string };
  items: Array<{
    description: string;
    quantity: number;
    unitAmount: number;
    taxRateBp: number;
    kind: "one_off" | "recurring";
    interval: "month" | "year" | null;
  }>;
  discountKind: DiscountKind;
  discountValue: number;
  depositPercent: number;
  validUntil: string;
  totals: { subtotal: number; discount: number; tax: number; total: number; deposit: number };
};

export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The id in the client's link: 192 random bits, base64url. Never sequential. */
    publicId: text("public_id").notNull().unique(),
    title: text("title").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    clientCompany: clientCompanyCopy(),
    /** Markdown sections. */
    scope: text("scope").notNull().default(""),
    approach: text("approach").notNull().default(""),
    timeline: text("timeline").notNull().default(""),
    terms: text("terms").notNull().default(""),
    currency: text("currency").notNull(),
    discountKind: text("discount_kind").$type<DiscountKind>().notNull().default("none"),
    /** Basis points for "percent" (1000 = 10 %), minor units for "amount". */
    discountValue: integer("discount_value").notNull().default(0),
    /** Share of the one-off total invoiced on acceptance (0 = no deposit invoice). */
    depositPercent: integer("deposit_percent").notNull().default(0),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    status: text("status").$type<ProposalStatus>().notNull().default("draft"),
    /** One-off total in minor units, kept in step with the items for lists and the dashboard. */
    total: integer("total").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedName: text("accepted_name"),
    acceptedAddress: text("accepted_address"),
    acceptedSnapshot: jsonb("accepted_snapshot").$type<ProposalSnapshot>(),
    /** SHA-256 (hex) of the snapshot's canonical JSON, taken when it was accepted. */
    acceptedSnapshotSha256: text("accepted_snapshot_sha256"),
    /** The signed-in portal contact who accepted (null when accepted through the link). */
    acceptedContactId: uuid("accepted_contact_id").references(() => clientContacts.id, {
      onDelete: "set null",
    }),
    acceptedEmail: text("accepted_email"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("proposals_client_idx").on(table.clientId),
    index("proposals_status_idx").on(table.status),
    index("proposals_created_at_idx").on(table.createdAt),
    // The dashboard's proposals sent in the last 90 days (decision 800).
    index("proposals_sent_at_idx").on(table.sentAt),
    searchIndex("proposals_title_search_idx", table.title),
    searchIndex("proposals_client_company_search_idx", table.clientCompany),
  ],
);

export const proposalItems = pgTable(
  "proposal_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    description: text("description").notNull(),
    /** Hundredths of a unit (150 = 1.5 hours). */
    quantity: integer("quantity").notNull(),
    unitAmount: integer("unit_amount").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    kind: text("kind").$type<"one_off" | "recurring">().notNull().default("one_off"),
    interval: text("interval").$type<"month" | "year">(),
  },
  (table) => [index("proposal_items_proposal_idx").on(table.proposalId)],
);
