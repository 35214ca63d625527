import { useEffect, useRef } from "react";
import type { ChatMessage } from "#shared/chat.ts";
import { MessageBubble } from "./message-bubble";
import type { Pending } from "./use-chat-session";

export function MessageLog({ messages, pending }: { messages: ChatMessage[]; pending: Pending[] }) {
  const listRef = useRef<HTMLOListElement>(null);

  const messageCount = messages.length + pending.length;
  useEffect(() => {
    if (messageCount > 0 && listRef.current)
      listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [messageCount]);

  return (
    <ol
      ref={listRef}
      role="log"
      aria-live="polite"
      aria-label="Messages"
      className="flex-1 space-y-3 overflow-y-auto px-5 py-4"
    >
      <li className="text-sm text-mist-300">
        Hi! Ask us anything about a project, our services or pricing.
      </li>
      {messages.map((message) => (
        <MessageBubble key={message.seq} message={message} />
      ))}
      {pending.map((item) => (
        <li
          key={item.clientId}
          className="ml-8 rounded-xl bg-frontier-blue/60 px-3 py-2 text-white"
        >
          <span className="sr-only">You: </span>
          <span className="whitespace-pre-wrap break-words">{item.body}</span>
          <span className="mt-1 block text-xs text-mist-100/80">Sending…</span>
        </li>
      ))}
    </ol>
  );
}
