import { eq, sql } from "drizzle-orm";
import type { StaffUser } from "#server/auth/roles.ts";
import type { Database } from "#server/db/client.ts";
import { chatConversations, chatMessages } from "#server/db/schema/chat.ts";
import { AppError } from "#server/errors.ts";
import { toChatMessage } from "./conversation-queries";
import { publishChatEvent } from "./events";
import { PREVIEW_LENGTH, parseBody } from "./message-body";

/**
 * A staff reply. Answering an unassigned or closed conversation assigns it to
 * the one who answers; it also counts as reading it.
 */
export async function sendStaffMessage({
  database,
  staff,
  conversationId,
  body,
}: {
  database: Database;
  staff: Pick<StaffUser, "id" | "name">;
  conversationId: string;
  body: unknown;
}) {
  const text = parseBody(body);
  const now = new Date();
  const message = await database.db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(chatConversations)
      .set({
        lastSeq: sql`${chatConversations.lastSeq} + 1`,
        status: "assigned",
        assigneeId: sql`coalesce(case when ${chatConversations.status} = 'closed' then null else ${chatConversations.assigneeId} end, ${staff.id})`,
        assigneeName: sql`case when ${chatConversations.assigneeId} is null or ${chatConversations.status} = 'closed' then ${staff.name} else ${chatConversations.assigneeName} end`,
        lastMessageAt: now,
        lastMessagePreview: text.slice(0, PREVIEW_LENGTH),
        lastMessageAuthor: "staff",
        visitorUnread: sql`${chatConversations.visitorUnread} + 1`,
        staffUnread: 0,
        updatedAt: now,
      })
      .where(eq(chatConversations.id, conversationId))
      .returning();
    if (!conversation) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        seq: conversation.lastSeq,
        author: "staff",
        staffId: staff.id,
        staffName: staff.name,
        body: text,
        createdAt: now,
      })
      .returning();
    return { row, visitorId: conversation.visitorId };
  });
  const sent = toChatMessage(message.row);
  await publishChatEvent(database, {
    type: "message",
    conversationId,
    seq: sent.seq,
    visitorId: message.visitorId,
    message: sent,
  });
  return sent;
}
