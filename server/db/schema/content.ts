import { type SQLWrapper, sql } from "drizzle-orm";
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

export type PublishStatus = "draft" | "scheduled" | "published";
export type Metric = { label: string; value: string };
export type ImageRef = { src: string; alt: string };

/** Fields every publishable item shares: state, schedule and SEO overrides. */
const publishing = {
  status: text("status").$type<PublishStatus>().notNull().default("draft"),
  /** When a scheduled item goes live (a job publishes it). */
  publishAt: timestamp("publish_at", { withTimezone: true }),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  seoTitle: text("seo_title"),
  seoDescription: text("seo_description"),
  socialImage: text("social_image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    client: text("client").notNull(),
    industry: text("industry").notNull(),
    /** Service ids (shared/content/services.ts). */
    services: text("services").array().notNull().default([]),
    summary: text("summary").notNull(),
    /** Markdown. */
    challenge: text("challenge").notNull(),
    solution: text("solution").notNull(),
    results: text("results").notNull(),
    /**
     * The three sections as sanitised HTML, rendered when saved (server/content/rendered.ts);
     * used only while renderedVersion is the renderer's current version.
     */
    challengeHtml: text("challenge_html"),
    solutionHtml: text("solution_html"),
    resultsHtml: text("results_html"),
    /** The renderer version that made the HTML; null: not rendered since the Markdown changed. */
    renderedVersion: integer("rendered_version"),
    metrics: jsonb("metrics").$type<Metric[]>().notNull().default([]),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    gallery: jsonb("gallery").$type<ImageRef[]>().notNull().default([]),
    /** Case studies staff picked as related (ids). */
    relatedIds: uuid("related_ids").array().notNull().default([]),
    ...publishing,
  },
  (table) => [
    index("case_studies_status_idx").on(table.status, table.publishedAt),
    // The command center's list, last edited first, and its keyset cursor (decision 763).
    index("case_studies_updated_at_id_idx").on(table.updatedAt, table.id),
    // The start-up's look for rows this renderer did not render (decision 802).
    index("case_studies_rendered_version_idx").on(table.renderedVersion),
    index("case_studies_status_updated_at_id_idx").on(table.status, table.updatedAt, table.id),
  ],
);

export const insights = pgTable(
  "insights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Markdown source; rendered and sanitised on the server. */
    body: text("body").notNull(),
    /** The body as sanitised HTML and its reading time, made when saved (server/content/rendered.ts). */
    bodyHtml: text("body_html"),
    readingMinutes: integer("reading_minutes"),
    /** The renderer version that made them; null: not rendered since the body changed. */
    renderedVersion: integer("rendered_version"),
    author: text("author").notNull(),
    tags: text("tags").array().notNull().default([]),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    relatedIds: uuid("related_ids").array().notNull().default([]),
    ...publishing,
  },
  (table) => [
    index("insights_status_idx").on(table.status, table.publishedAt),
    // The command center's list, last edited first, and its keyset cursor (decision 763).
    index("insights_updated_at_id_idx").on(table.updatedAt, table.id),
    // The start-up's look for rows this renderer did not render (decision 802).
    index("insights_rendered_version_idx").on(table.renderedVersion),
    index("insights_status_updated_at_id_idx").on(table.status, table.updatedAt, table.id),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote: text("quote").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    company: text("company").notNull(),
    photoUrl: text("photo_url"),
    photoAlt: text("photo_alt"),
    /** Staff-set order, ascending. */
    position: integer("position").notNull().default(0),
    isVisible: boolean("is_visible").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The staff-set order and its keyset cursor (decision 780).
  (table) => [
    index("testimonials_position_created_id_idx").on(table.position, table.createdAt, table.id),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    insightId: uuid("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Never shown publicly. */
    email: text("email").notNull(),
    body: text("body").notNull(),
    status: text("status")
      .$type<"pending" | "approved" | "spam" | "rejected">()
      .notNull()
      .default("pending"),
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (table) => [
    index("comments_insight_status_idx").on(table.insightId, table.status),
    // A moderation tab, newest first, and its keyset cursor (decision 780).
    index("comments_status_created_id_idx").on(table.status, table.createdAt, table.id),
  ],
);

export const podcastEpisodes = pgTable(
  "podcast_episodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** Markdown show notes. */
    showNotes: text("show_notes").notNull().default(""),
    /** "audio" episodes have an audio file; "video" ones come from the YouTube sync. */
    kind: text("kind").$type<"audio" | "video">().notNull().default("audio"),
    audioUrl: text("audio_url"),
    audioBytes: integer("audio_bytes"),
    audioType: text("audio_type"),
    durationSeconds: integer("duration_seconds"),
    season: integer("season"),
    episode: integer("episode"),
    coverImage: text("cover_image"),
    isExplicit: boolean("is_explicit").notNull().default(false),
    youtubeVideoId: text("youtube_video_id"),
    youtubeChannelId: text("youtube_channel_id"),
    thumbnailUrl: text("thumbnail_url"),
    ...publishing,
  },
  (table) => [
    uniqueIndex("podcast_episodes_youtube_video_idx").on(table.youtubeVideoId),
    index("podcast_episodes_status_idx").on(table.status, table.publishedAt),
    // The admin list's order (`episodeListTime`) and its keyset cursor (decision 780).
    index("podcast_episodes_list_time_id_idx").on(
      sql`coalesce(${table.publishedAt}, ${table.publishAt}, ${table.createdAt})`,
      table.id,
    ),
  ],
);

/**
 * The words of a subscriber's address and name, as the list's search index holds them
 * (`subscriber_words`, migration 0037): split at spaces and at every ASCII punctuation mark
 * (`jane.doe@acme.io` is jane, doe, acme, io), lower-cased by the `simple` configuration. The
 * search repeats this expression (server/marketing/subscribers.ts).
 */
export const subscriberWordsOf = (table: { email: SQLWrapper; name: SQLWrapper }) =>
  sql`subscriber_words(${table.email}, ${table.name})`;

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text("email").notNull().unique(),
    name: text("name"),
    status: text("status")
      .$type<"pending" | "confirmed" | "unsubscribed" | "bounced">()
      .notNull()
      .default("pending"),
    tags: text("tags").array().notNull().default([]),
    source: text("source").notNull().default("website"),
    /** SHA-256 of the single-use confirmation token. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    /**
     * The pages sent with the sign-up waiting for confirmation (server/analytics), and the
     * SHA-256 of the key the signing-up browser keeps in a cookie: they become the
     * subscriber's pages before contact only when that browser confirms (decision 314).
     */
    pendingTouchpoints: jsonb("pending_touchpoints").$type<Array<Record<string, unknown>>>(),
    pendingTrailKeyHash: text("pending_trail_key_hash"),
    /** Random, unguessable; the one-click unsubscribe link carries it. */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    index("subscribers_status_idx").on(table.status, table.createdAt),
    // The list's order, newest first, and its keyset cursor; its search (decision 746).
    index("subscribers_created_at_id_idx").on(table.createdAt, table.id),
    // The list's search: every word of the address and the name, found from its start
    // (`subscriberWordsOf`, decision 799).
    index("subscribers_words_idx")
      .using("gin", subscriberWordsOf(table))
      .with({ fastupdate: false }),
    // The list's tag filter (tags @> '{tag}').
    index("subscribers_tags_idx").using("gin", table.tags),
    // The few sign-ups still holding their pages: the rollup job clears expired ones every five
    // minutes without reading every subscriber (decision 812).
    index("subscribers_pending_touchpoints_idx")
      .on(table.confirmTokenExpiresAt)
      .where(sql`${table.pendingTouchpoints} is not null`),
  ],
);

/**
 * Every tag in use with how many subscribers carry it, kept by a trigger on `subscribers`
 * in the same statement as the change (migration 0033): the list's tag menu reads it instead
 * of every subscriber's tags. Derived: backups and exports leave it out and it is counted
 * again as subscribers are loaded.
 */
export const subscriberTags = pgTable("subscriber_tags", {
  tag: text("tag").primaryKey(),
  subscribers: integer("subscribers").notNull(),
});
