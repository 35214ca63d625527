import type { ChatMessage } from "#shared/chat.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

export function MessageBubble({ message }: { message: ChatMessage }) {
  const time = timeFormat.format(new Date(message.createdAt));
  if (message.author === "visitor") {
    return (
      <li className="ml-8 rounded-xl bg-frontier-blue px-3 py-2 text-white">
        <span className="sr-only">You: </span>
        <span className="whitespace-pre-wrap break-words">{message.body}</span>
        <span className="mt-1 block text-right text-xs text-mist-100/80">{time}</span>
      </li>
    );
  }
  return (
    <li className="mr-8 rounded-xl bg-ink-700 px-3 py-2 text-mist-100">
      <span className="block text-xs font-semibold text-frontier-orange">
        {message.staffName ?? "Frontier"}
        <span className="sr-only">: </span>
      </span>
      <span className="whitespace-pre-wrap break-words">{message.body}</span>
      <span className="mt-1 block text-xs text-mist-400">{time}</span>
    </li>
  );
}
