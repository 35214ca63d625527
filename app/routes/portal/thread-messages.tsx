import { formatDateTime } from "#app/components/business/fields.tsx";

type Message = {
  id: string;
  seq: number;
  authorKind: "contact" | "staff";
  authorName: string;
  body: string;
  createdAt: string;
};

/** The messages, oldest first: the team's on the left, the client's own on the right. */
export function ThreadMessages({
  messages,
  locale,
  projectName,
}: {
  messages: Message[];
  locale: string;
  projectName: string;
}) {
  if (!messages.length)
    return (
      <p className="card text-mist-300" data-testid="thread-empty">
        No messages yet. Ask the team anything about {projectName}.
      </p>
    );
  return (
    <ol
      aria-label={`Messages about ${projectName}`}
      aria-live="polite"
      className="flex flex-col gap-3"
      data-testid="thread"
    >
      {messages.map((message) => {
        const isTeam = message.authorKind === "staff";
        return (
          <li
            key={message.id}
            data-author={message.authorKind}
            className={`rounded-2xl px-4 py-3 ${
              isTeam ? "mr-6 bg-ink-800 sm:mr-24" : "ml-6 bg-frontier-blue/25 sm:ml-24"
            }`}
          >
            <p className="text-xs text-mist-300">
              <span className="font-semibold text-white">
                {message.authorName}
                {isTeam ? " (Frontier team)" : ""}
              </span>{" "}
              · {formatDateTime(message.createdAt, locale)}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
