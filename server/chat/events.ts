import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import type { ChatMessage } from "#shared/chat.ts";

/** The NOTIFY channel every instance listens on; payloads carry ids only (NOTIFY caps them at 8 kB). */
export const CHAT_CHANNEL = "frontier_chat";

export type ChatEvent =
  /** A stored message: instances load it and pass it on. */
  | {
      type: "message";
      conversationId: string;
      seq: number;
      visitorId: string;
      /** The message itself when it fits in a NOTIFY; otherwise instances load it. */
      message?: ChatMessage;
    }
  /** A conversation's status, assignee, unread counts or visitor details changed. */
  | { type: "conversation"; conversationId: string }
  /** Staff presence may have changed. */
  | { type: "presence" };

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7500;

export async function publishChatEvent(database: Database, event: ChatEvent) {
  try {
    let payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && event.type === "message")
      payload = JSON.stringify({ ...event, message: undefined });
    await database.notify(CHAT_CHANNEL, payload);
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
