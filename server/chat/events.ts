import type { Database } from "../db/client";
import { log } from "../log";

/** The NOTIFY channel every instance listens on; payloads carry ids only (NOTIFY caps them at 8 kB). */
export const CHAT_CHANNEL = "frontier_chat";

export type ChatEvent =
  /** A stored message: instances load it and pass it on. */
  | { type: "message"; conversationId: string; seq: number }
  /** A conversation's status, assignee, unread counts or visitor details changed. */
  | { type: "conversation"; conversationId: string }
  /** Staff presence may have changed. */
  | { type: "presence" };

export async function publishChatEvent(database: Database, event: ChatEvent) {
  try {
    await database.notify(CHAT_CHANNEL, JSON.stringify(event));
  } catch (error) {
    // The message is stored already; sockets that miss the event catch up on their next sync.
    log.warn("could not publish a chat event", error);
  }
}

export function parseChatEvent(payload: string): ChatEvent | undefined {
  try {
    const event = JSON.parse(payload) as ChatEvent;
    return typeof event?.type === "string" ? event : undefined;
  } catch {
    return undefined;
  }
}
