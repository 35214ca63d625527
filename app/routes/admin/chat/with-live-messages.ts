import type { ChatMessage } from "#shared/chat.ts";
import type { ConversationRow } from "./inbox-types";

/** The list with messages the socket brought since it loaded (newest activity first). */
export function withLiveMessages(
  rows: ConversationRow[],
  liveMessages: ChatMessage[],
  filter: string,
) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const message of liveMessages) {
    const at = new Date(message.createdAt);
    const row = byId.get(message.conversationId);
    if (row?.lastMessageAt && new Date(row.lastMessageAt) >= at) continue;
    if (!row && !(filter === "active" || filter === "open" || filter === "all")) continue;
    byId.set(message.conversationId, {
      id: message.conversationId,
      visitorName: null,
      visitorEmail: null,
      status: "open",
      assigneeId: null,
      assigneeName: null,
      clientId: null,
      clientName: null,
      staffUnread: 0,
      ...row,
      lastMessageAt: at,
      lastMessagePreview: message.body.slice(0, 140),
      lastMessageAuthor: message.author,
    } as ConversationRow);
    const updated = byId.get(message.conversationId)!;
    if (message.author === "visitor") updated.staffUnread += 1;
  }
  return [...byId.values()].sort(
    (a, b) => new Date(b.lastMessageAt ?? 0).getTime() - new Date(a.lastMessageAt ?? 0).getTime(),
  );
}
