import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Addresses admins register to be told of events (/admin/webhooks). */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** Event types (shared/webhooks.ts) this endpoint receives. */
  events: text("events").array().notNull(),
  /** The HMAC-SHA256 key of the signatures ("whsec_…"): kept, since every delivery is signed with it. */
  secret: text("secret").notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  /** Why it was switched off: by an admin, or the receiver answered 410 Gone. */
  disabledReason: text("disabled_reason"),
  createdByEmail: text("created_by_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Something that happened, once: its id is the Frontier-Event-Id receivers de-duplicate by. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_events_created_at_idx").on(table.createdAt)],
);

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed" | "cancelled";

/** One event for one endpoint: delivered by the job webhook.deliver, retried until it succeeds or gives up. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** While an attempt is under way: nobody else sends it before this time. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The job claim (lease) trying it: a try whose claim died (a crash) is taken up at once. */
    claimedBy: text("claimed_by"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(table.eventId, table.endpointId),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
);

/** Each try of a delivery: what the receiver answered (status, the first KB) or why it failed. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    /** The first 1,024 bytes of the answer's body. */
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.attempt)],
);
