import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { chatConversations } from "./chat";
import { subscribers } from "./content";
import { leads } from "./leads";
import { proposals } from "./proposals";

/**
 * The random salt of one UTC day, shared by every instance. A visitor's hash is made with
 * it; the row is deleted once the day is over, so an old hash can never be recomputed.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AnalyticsEventKind = "view" | "play";
export type DeviceClass = "mobile" | "tablet" | "desktop";

/**
 * One public page view (or episode play) as it arrived: no cookie, no stored identifier,
 * only the day's salted hash. Rolled up per day and deleted after two days.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The UTC day of `occurredAt`: rollups and pruning go by whole days. */
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").$type<AnalyticsEventKind>().notNull().default("view"),
    path: text("path").notNull(),
    /** The slug of the episode played (kind "play"). */
    episode: text("episode"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").$type<DeviceClass>().notNull(),
    country: text("country"),
    /** SHA-256 of the day's salt, the site, the address and the user agent (shortened). */
    visitorHash: text("visitor_hash").notNull(),
  },
  (table) => [index("analytics_events_day_idx").on(table.day)],
);

export const analyticsDimensions = [
  "total",
  "page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "country",
  "episode",
] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

/**
 * Daily figures per dimension value: views (plays for episodes) and unique visitors that
 * day. `total` has one row per day (value ''); an unknown referrer or country is ''.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").$type<AnalyticsDimension>().notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.dimension, table.value] }),
    index("analytics_daily_dimension_day_idx").on(table.dimension, table.day),
  ],
);

/**
 * The pages a visitor saw before writing in, kept in their browser tab until they sent a
 * form and stored only with what they sent: a lead, a newsletter sign-up or a chat.
 */
export const leadTouchpoints = pgTable(
  "lead_touchpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => subscribers.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => chatConversations.id, {
      onDelete: "cascade",
    }),
    position: integer("position").notNull(),
    /** A public page (`/insights/slug`), or `/podcasts#slug` for an episode played. */
    path: text("path").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lead_touchpoints_lead_idx").on(table.leadId),
    index("lead_touchpoints_subscriber_idx").on(table.subscriberId),
    index("lead_touchpoints_conversation_idx").on(table.conversationId),
    index("lead_touchpoints_path_idx").on(table.path),
    check(
      "lead_touchpoints_one_owner",
      sql`num_nonnulls(${table.leadId}, ${table.subscriberId}, ${table.conversationId}) = 1`,
    ),
  ],
);

/** One opening of a proposal's link by the client (a page load, not a person). */
export const proposalVisits = pgTable(
  "proposal_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    /** Random per page load, made by the page; it only ties that load's reports together. */
    visitKey: text("visit_key").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("proposal_visits_key_idx").on(table.proposalId, table.visitKey)],
);

/** How long each section of the proposal was on screen during one visit. */
export const proposalSectionTimes = pgTable(
  "proposal_section_times",
  {
    visitId: uuid("visit_id")
      .notNull()
      .references(() => proposalVisits.id, { onDelete: "cascade" }),
    section: text("section").notNull(),
    milliseconds: integer("milliseconds").notNull(),
  },
  (table) => [primaryKey({ columns: [table.visitId, table.section] })],
);
