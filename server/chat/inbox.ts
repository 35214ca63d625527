import { and, count, desc, eq, inArray, ne, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type ConversationStatus, chatConversations } from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";

export type ConversationFilter = "active" | "open" | "assigned" | "mine" | "closed" | "all";

/** The staff list: newest activity first, with unread counts and the linked client's name. */
export async function findConversations(
  db: Db,
  {
    filter = "active",
    staffId,
    page = 1,
    pageSize = 30,
  }: {
    filter?: ConversationFilter;
    staffId?: string;
    page?: number;
    pageSize?: number;
  },
) {
  const conditions: SQL[] = [sql`${chatConversations.lastSeq} > 0`];
  if (filter === "active") conditions.push(ne(chatConversations.status, "closed"));
  else if (filter === "mine" && staffId)
    conditions.push(
      and(eq(chatConversations.assigneeId, staffId), ne(chatConversations.status, "closed"))!,
    );
  else if (filter !== "all")
    conditions.push(eq(chatConversations.status, filter as ConversationStatus));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: chatConversations.id,
        visitorName: chatConversations.visitorName,
        visitorEmail: chatConversations.visitorEmail,
        status: chatConversations.status,
        assigneeId: chatConversations.assigneeId,
        assigneeName: chatConversations.assigneeName,
        clientId: chatConversations.clientId,
        clientName: clients.company,
        lastMessageAt: chatConversations.lastMessageAt,
        lastMessagePreview: chatConversations.lastMessagePreview,
        lastMessageAuthor: chatConversations.lastMessageAuthor,
        staffUnread: chatConversations.staffUnread,
      })
      .from(chatConversations)
      .leftJoin(clients, eq(clients.id, chatConversations.clientId))
      .where(where)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(chatConversations).where(where),
  ]);
  return { rows, total, page, pageSize };
}

/** Unread visitor messages across conversations that are not closed (the sidebar badge). */
export async function countUnreadForStaff(db: Db) {
  const [row] = await db
    .select({ unread: sum(chatConversations.staffUnread) })
    .from(chatConversations)
    .where(inArray(chatConversations.status, ["open", "assigned"]));
  return Number(row?.unread ?? 0);
}
