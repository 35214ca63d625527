import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { chatConversations, chatMessages, type MessageAuthor } from "#server/db/schema/chat.ts";
import type { ChatMessage, VisitorConversation } from "#shared/chat.ts";

type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    author: row.author,
    staffName: row.author === "staff" ? (row.staffName ?? "Frontier team") : null,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toVisitorConversation(row: ConversationRow): VisitorConversation {
  return {
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    status: row.status,
    visitorUnread: row.visitorUnread,
  };
}

export async function findVisitorConversation(db: Db, visitorId: string) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.visitorId, visitorId));
  return row;
}

export async function findConversation(db: Db, conversationId: string) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  return row;
}

/** Messages after `afterSeq`, oldest first: a reconnecting socket asks for what it missed. */
export async function findMessages(
  db: Db,
  {
    conversationId,
    afterSeq = 0,
    limit = 500,
  }: { conversationId: string; afterSeq?: number; limit?: number },
) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
  return rows.map(toChatMessage);
}

export async function findMessage(
  db: Db,
  { conversationId, seq }: { conversationId: string; seq: number },
) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seq, seq)));
  return row ? toChatMessage(row) : undefined;
}

export type { MessageAuthor };
