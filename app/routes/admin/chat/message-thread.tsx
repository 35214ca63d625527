import { useEffect, useRef } from "react";
import { formatTime } from "./format-time";
import type { LoaderData } from "./inbox-types";

export function MessageThread({
  messages,
  who,
}: {
  messages: LoaderData["messages"];
  who: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);

  const count = messages.length;
  useEffect(() => {
    if (count > 0 && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [count]);

  return (
    <ol
      ref={listRef}
      aria-label={`Messages with ${who}`}
      aria-live="polite"
      className="max-h-[28rem] flex-1 space-y-3 overflow-y-auto px-6 py-4"
    >
      {messages.map((message) => (
        <li
          key={message.seq}
          className={
            message.author === "visitor"
              ? "mr-16 rounded-xl bg-ink-700 px-4 py-2"
              : "ml-16 rounded-xl bg-frontier-blue/80 px-4 py-2 text-white"
          }
        >
          <span className="block text-xs font-semibold text-mist-300">
            {message.author === "visitor" ? who : message.staffName}
            <span className="font-normal"> · {formatTime(message.createdAt)}</span>
          </span>
          <span className="whitespace-pre-wrap break-words">{message.body}</span>
        </li>
      ))}
    </ol>
  );
}
