import { eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { StaffUser } from "#server/auth/roles.ts";
import type { Database } from "#server/db/client.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";
import { AppError } from "#server/errors.ts";
import { findConversation } from "./conversation-queries";
import { publishChatEvent } from "./events";

type StaffChange = {
  database: Database;
  staff: StaffUser;
  conversationId: string;
  address?: string | null;
};

async function changeConversation(
  { database, staff, conversationId, address }: StaffChange,
  action: string,
  values: Partial<typeof chatConversations.$inferInsert>,
  detail: Record<string, unknown> = {},
) {
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatConversations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(chatConversations.id, conversationId))
      .returning({ id: chatConversations.id });
    if (!row) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
    await recordAudit(tx, {
      actorId: staff.id,
      actorEmail: staff.email,
      action,
      area: "chat",
      recordId: conversationId,
      detail,
      address,
    });
  });
  await publishChatEvent(database, { type: "conversation", conversationId });
}

export function assignConversation(change: StaffChange) {
  return changeConversation(change, "assign", {
    status: "assigned",
    assigneeId: change.staff.id,
    assigneeName: change.staff.name,
  });
}

export function closeConversation(change: StaffChange) {
  return changeConversation(change, "close", { status: "closed", staffUnread: 0 });
}

export async function reopenConversation(change: StaffChange) {
  const conversation = await findConversation(change.database.db, change.conversationId);
  if (!conversation) throw new AppError("NOT_FOUND", "That conversation no longer exists.");
  return changeConversation(change, "reopen", {
    status: conversation.assigneeId ? "assigned" : "open",
  });
}

/** Links the visitor to a client record (or unlinks with null). */
export async function linkConversationToClient(change: StaffChange & { clientId: string | null }) {
  if (change.clientId) {
    const [client] = await change.database.db
      .select({ id: clients.id, company: clients.company })
      .from(clients)
      .where(eq(clients.id, change.clientId));
    if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
    return changeConversation(
      change,
      "link-client",
      { clientId: client.id },
      { client: client.company },
    );
  }
  return changeConversation(change, "unlink-client", { clientId: null });
}
