import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { subscribers } from "./content";

export type CampaignStatus = "draft" | "scheduled" | "sending" | "sent" | "failed";

/** A newsletter mailing: its content, audience and sending state. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    previewText: text("preview_text").notNull().default(""),
    /** Markdown. */
    body: text("body").notNull().default(""),
    /** Empty: every confirmed subscriber; otherwise confirmed subscribers with any of these tags. */
    audienceTags: text("audience_tags").array().notNull().default([]),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Recipients counted when sending started, for the progress bar. */
    recipientCount: integer("recipient_count").notNull().default(0),
    isTrackingEnabled: boolean("is_tracking_enabled").notNull().default(false),
    sourceInsightId: uuid("source_insight_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaigns_status_idx").on(table.status, table.scheduledAt)],
);

/** One recipient of one campaign: the unique key is what keeps anyone from getting it twice. */
export const campaignDeliveries = pgTable(
  "campaign_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "sending" is claimed but not yet confirmed by the mail server. */
    status: text("status").$type<"sending" | "sent" | "failed">().notNull().default("sending"),
    error: text("error"),
    /**
     * The job claim (lease) that is sending it: a "sending" row whose claim is no longer
     * alive was cut off by a crash and is sent again (decision 751).
     */
    claimedBy: text("claimed_by"),
    trackingToken: text("tracking_token"),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    unique("campaign_deliveries_campaign_subscriber_key").on(table.campaignId, table.subscriberId),
    index("campaign_deliveries_campaign_status_idx").on(table.campaignId, table.status),
  ],
);
