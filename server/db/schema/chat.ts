import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export type ConversationStatus = "open" | "assigned" | "closed";
export type MessageAuthor = "visitor" | "staff" | "system";

/** One conversation per anonymous visitor (the signed cookie's id); it reopens when they write again. */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitorId: text("visitor_id").notNull(),
    visitorName: text("visitor_name"),
    visitorEmail: text("visitor_email"),
    status: text("status").$type<ConversationStatus>().notNull().default("open"),
    /** The staff user (auth_users.id) answering it. */
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    /** The client (clients.id) staff linked the visitor to. */
    clientId: uuid("client_id"),
    /** The highest message sequence number so far; the next message takes lastSeq + 1. */
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessagePreview: text("last_message_preview"),
    lastMessageAuthor: text("last_message_author").$type<MessageAuthor>(),
    /** Visitor messages staff have not read yet. */
    staffUnread: integer("staff_unread").notNull().default(0),
    /** Staff messages the visitor has not seen yet. */
    visitorUnread: integer("visitor_unread").notNull().default(0),
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("chat_conversations_visitor_idx").on(table.visitorId),
    // The inbox's order, by status or across all, with its keyset cursor's id (decision 780).
    index("chat_conversations_status_last_id_idx").on(table.status, table.lastMessageAt, table.id),
    index("chat_conversations_last_message_id_idx").on(table.lastMessageAt, table.id),
    // The inbox's default list (and "mine"): the conversations not closed, a few among
    // thousands closed, read newest first without reading the closed ones (decision 823).
    index("chat_conversations_active_last_id_idx")
      .on(table.lastMessageAt, table.id)
      .where(sql`${table.status} <> 'closed'`),
  ],
);

/** Messages are stored before anyone is told about them; seq orders them within a conversation. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    author: text("author").$type<MessageAuthor>().notNull(),
    staffId: text("staff_id"),
    staffName: text("staff_name"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("chat_messages_conversation_seq_idx").on(table.conversationId, table.seq),
  ],
);

/** Staff sockets per instance, refreshed by a heartbeat; a fresh row means "someone is online". */
export const chatPresence = pgTable(
  "chat_presence",
  {
    instanceId: text("instance_id").notNull(),
    staffId: text("staff_id").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.instanceId, table.staffId] })],
);

/** Fixed-window counters for the chat's rate limits, shared by every instance. */
export const chatRateLimits = pgTable(
  "chat_rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
