import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every staff change in the command center: who, what, which record, when, from where. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: breaks ties between events recorded in the same millisecond. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    /** The staff user's id (kept as text so the record outlives the account). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    area: text("area").notNull(),
    recordId: text("record_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_events_created_at_idx").on(table.createdAt),
    index("audit_events_actor_idx").on(table.actorId, table.createdAt),
    index("audit_events_area_idx").on(table.area, table.createdAt),
  ],
);
