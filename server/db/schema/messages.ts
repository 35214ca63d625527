import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clientContacts } from "./clients";
import { projects } from "./projects";

// Messages between a client's contacts and the team: one thread per project, read in the
// client portal and answered from the staff inbox (decision 415).

export type MessageAuthorKind = "contact" | "staff";

/**
 * A project's thread. Which client may read it always comes from the project (never a
 * copy here), so moving a project to another client moves its thread with it.
 */
export const portalThreads = pgTable(
  "portal_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The highest message sequence number so far; the next message takes lastSeq + 1. */
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessagePreview: text("last_message_preview"),
    lastAuthorKind: text("last_author_kind").$type<MessageAuthorKind>(),
    /** Read marks, one per side: the highest sequence number that side has seen. */
    clientReadSeq: integer("client_read_seq").notNull().default(0),
    clientReadAt: timestamp("client_read_at", { withTimezone: true }),
    staffReadSeq: integer("staff_read_seq").notNull().default(0),
    staffReadAt: timestamp("staff_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("portal_threads_project_idx").on(table.projectId),
    index("portal_threads_last_message_idx").on(table.lastMessageAt),
  ],
);

/** A message, stored before anyone is told; seq orders it within its thread. */
export const portalMessages = pgTable(
  "portal_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => portalThreads.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorKind: text("author_kind").$type<MessageAuthorKind>().notNull(),
    /** The contact who wrote it (author kind contact). */
    contactId: uuid("contact_id").references(() => clientContacts.id, { onDelete: "set null" }),
    /** The staff user (auth_users.id) who wrote it (author kind staff). */
    staffId: text("staff_id"),
    /** Kept as written, so the thread still reads well after the person is gone. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the other side's notice job took it: mailed in a batch, or found already read.
     * Null while it waits for the next batch.
     */
    noticedAt: timestamp("noticed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("portal_messages_thread_seq_idx").on(table.threadId, table.seq),
    index("portal_messages_waiting_idx")
      .on(table.authorKind, table.createdAt)
      .where(sql`${table.noticedAt} is null`),
  ],
);
