import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A YouTube channel whose public feed the sync reads. */
export const youtubeChannels = pgTable("youtube_channels", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** YouTube's id, "UC" + 22 characters. */
  channelId: text("channel_id").notNull().unique(),
  /** The channel's name as its feed gives it. */
  title: text("title"),
  isEnabled: boolean("is_enabled").notNull().default(true),
  lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastStatus: text("last_status").$type<"never" | "ok" | "failed">().notNull().default("never"),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SyncChannelResult = {
  channelId: string;
  status: "ok" | "failed";
  added: number;
  updated: number;
  error?: string;
};

/** One run of the sync (by hand or on schedule), with its progress. */
export const youtubeSyncRuns = pgTable("youtube_sync_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  trigger: text("trigger").$type<"manual" | "schedule">().notNull(),
  status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
  channelsTotal: integer("channels_total").notNull().default(0),
  channelsDone: integer("channels_done").notNull().default(0),
  added: integer("added").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  results: jsonb("results").$type<SyncChannelResult[]>().notNull().default([]),
  actorId: text("actor_id"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
