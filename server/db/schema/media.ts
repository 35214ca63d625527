import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export type MediaKind = "image" | "logo" | "audio" | "document";
/** One stored rendition of an uploaded file (images have several sizes and formats). */
export type MediaVariant = {
  key: string;
  url: string;
  width?: number;
  format: string;
  bytes: number;
};

/** Every uploaded file: where it is stored and what it is. */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<MediaKind>().notNull(),
    /** The main URL pages use (/uploads/...). */
    url: text("url").notNull(),
    /** The type found in the bytes, not the one the browser declared. */
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt").notNull().default(""),
    originalName: text("original_name"),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default([]),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("media_created_idx").on(table.createdAt)],
);

/** Where a file is used, so deleting one still in use is refused with the users' names. */
export const mediaUsages = pgTable(
  "media_usages",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /** "insight:<id>", "settings:header"... */
    usedBy: text("used_by").notNull(),
    /** What staff read: "Insight “Shipping faster”". */
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.usedBy] }),
    index("media_usages_used_by_idx").on(table.usedBy),
  ],
);
