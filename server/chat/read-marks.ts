import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { publishChatEvent } from "./events";

export async function markReadByVisitor(database: Database, visitorId: string) {
  const [row] = await database.db
    .update(chatConversations)
    .set({ visitorUnread: 0 })
    .where(and(eq(chatConversations.visitorId, visitorId), gt(chatConversations.visitorUnread, 0)))
    .returning({ id: chatConversations.id });
  if (row) await publishChatEvent(database, { type: "conversation", conversationId: row.id });
}

export async function markReadByStaff(database: Database, conversationId: string) {
  const [row] = await database.db
    .update(chatConversations)
    .set({ staffUnread: 0 })
    .where(and(eq(chatConversations.id, conversationId), gt(chatConversations.staffUnread, 0)))
    .returning({ id: chatConversations.id });
  if (row) await publishChatEvent(database, { type: "conversation", conversationId });
}
