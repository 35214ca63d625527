import { sql } from "drizzle-orm";
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
import type { PageBlock } from "#shared/pages/blocks.ts";
import type { PublishStatus } from "./content";

/**
 * A public page built from blocks (server/pages): Home, About Us, the FAQ, a campaign's
 * landing page. Its path is where it is served; `version` grows by one on every save so a
 * second editor working from an older copy is refused (a conflict) instead of overwriting.
 */
export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "/", "/faq", "/services/web-platforms", "/spring-audit". */
    path: text("path").notNull().unique(),
    title: text("title").notNull(),
    /** The page's blocks in order, each valid for shared/pages/blocks.ts. */
    blocks: jsonb("blocks").$type<PageBlock[]>().notNull().default([]),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    /** When a scheduled page goes live (the content.publish-scheduled job publishes it). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Grows by one on every save: an editor saves against the version it opened. */
    version: integer("version").notNull().default(1),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    socialImage: text("social_image"),
    /** "Hide from search engines": robots noindex and left out of the sitemap. */
    isNoindex: boolean("is_noindex").notNull().default(false),
    /** The home page: it cannot be deleted, unpublished or moved. */
    isHome: boolean("is_home").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("pages_status_idx").on(table.status, table.publishAt),
    /** One home page. */
    uniqueIndex("pages_one_home_idx").on(table.isHome).where(sql`${table.isHome}`),
  ],
);

export type PageRow = typeof pages.$inferSelect;
