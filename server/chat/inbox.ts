import { and, eq, inArray, ne, type SQL, sql, sum } from "drizzle-orm";
import { readKeysetPage } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { type ConversationStatus, chatConversations } from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";

export type ConversationFilter = "active" | "open" | "assigned" | "mine" | "closed" | "all";

/**
 * The staff list: newest activity first, with unread counts and the linked client's name.
 * Deep pages by keyset on (last_message_at, id) (`after`/`before`, decisions 746, 780;
 * `page` an offset for old addresses), the count cheap past 10,000. Only conversations with
 * a message are listed, and every message sets the time with the sequence number, so the
 * sort value is never empty.
 */
export async function findConversations(
  db: Db,
  {
    filter = "active",
    staffId,
    page = 1,
    pageSize = 30,
    after,
    before,
  }: {
    filter?: ConversationFilter;
    staffId?: string;
    page?: number;
    pageSize?: number;
    after?: string;
    before?: string;
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
  const query = { page: Math.max(1, page), pageSize, after, before };
  const sortColumn = chatConversations.lastMessageAt;
  return readKeysetPage({
    db,
    query,
    sort: sortColumn,
    id: chatConversations.id,
    dir: "desc",
    where,
    count: db.select({ one: sql`1` }).from(chatConversations).where(where),
    select: db
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
        sortKey: sql<string>`${sortColumn}::text`,
      })
      .from(chatConversations)
      .leftJoin(clients, eq(clients.id, chatConversations.clientId))
      .$dynamic(),
  });
}

/** Unread visitor messages across conversations that are not closed (the sidebar badge). */
export async function countUnreadForStaff(db: Db) {
  const [row] = await db
    .select({ unread: sum(chatConversations.staffUnread) })
    .from(chatConversations)
    .where(inArray(chatConversations.status, ["open", "assigned"]));
  return Number(row?.unread ?? 0);
}
