import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export type RevisionArea = "insight" | "case-study" | "testimonial" | "page";

/** A saved version of a content item, newest last; restoring copies one back. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: breaks ties between versions saved in the same millisecond. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    area: text("area").$type<RevisionArea>().notNull(),
    recordId: uuid("record_id").notNull(),
    /** The item's editable fields as they were. */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** "save", "autosave", "publish", "restore". */
    reason: text("reason").notNull().default("save"),
    authorId: text("author_id"),
    authorName: text("author_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("content_revisions_record_idx").on(table.area, table.recordId, table.createdAt),
  ],
);

/** Old slugs of published items: the public route answers them with a 301 to the current slug. */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    area: text("area").$type<"insight" | "case-study">().notNull(),
    oldSlug: text("old_slug").notNull(),
    recordId: uuid("record_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("slug_redirects_area_slug_idx").on(table.area, table.oldSlug)],
);
