import { CHAT_HTTP_PATH, type ChatMessage, type VisitorConversation } from "#shared/chat.ts";

export type Answer =
  | { ok: true; conversation?: VisitorConversation; message?: ChatMessage }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

export type Accepted = Extract<Answer, { ok: true }>;

/** The chat's HTTP side, for when the socket is not there (and for the forms). */
export async function postChat(fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    const response = await fetch(CHAT_HTTP_PATH, { method: "POST", body });
    return (await response.json()) as Answer;
  } catch {
    return {
      ok: false,
      error: "We could not reach the server. Check your connection and try again.",
    };
  }
}
