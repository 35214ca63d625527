import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Staff-set title, description, social image and noindex for one public path. */
export const seoOverrides = pgTable("seo_overrides", {
  path: text("path").primaryKey(),
  title: text("title"),
  description: text("description"),
  socialImage: text("social_image"),
  isNoindex: boolean("is_noindex").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Redirects managed in SEO tools: one source path to one target, 301 or 302. */
export const redirects = pgTable("redirects", {
  id: uuid("id").primaryKey().defaultRandom(),
  fromPath: text("from_path").notNull().unique(),
  toPath: text("to_path").notNull(),
  status: integer("status").$type<301 | 302>().notNull().default(301),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
