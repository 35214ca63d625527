import { ActionButton } from "./action-button";
import { statusLabel, statusStyle } from "./conversation-status";
import type { SelectedConversation } from "./inbox-types";

export function ConversationHeader({
  conversation,
  who,
  meId,
}: {
  conversation: SelectedConversation;
  who: string;
  meId: string;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-white/10 px-6 py-4">
      <div>
        <h2 id="conversation-heading" className="heading-md">
          {who}
        </h2>
        <p className="mt-1 text-sm text-mist-300">
          {conversation.visitorEmail ? (
            <a
              href={`mailto:${conversation.visitorEmail}`}
              className="text-frontier-blue hover:underline"
            >
              {conversation.visitorEmail}
            </a>
          ) : (
            "No email left yet"
          )}
          {" · "}
          <span className={`rounded-full px-2 py-0.5 text-xs ${statusStyle[conversation.status]}`}>
            {statusLabel[conversation.status]}
            {conversation.status === "assigned" && conversation.assigneeName
              ? ` · ${conversation.assigneeId === meId ? "you" : conversation.assigneeName}`
              : ""}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {conversation.assigneeId !== meId || conversation.status === "open" ? (
          <ActionButton conversationId={conversation.id} intent="assign">
            Assign to me
          </ActionButton>
        ) : null}
        {conversation.status === "closed" ? (
          <ActionButton conversationId={conversation.id} intent="reopen">
            Reopen
          </ActionButton>
        ) : (
          <ActionButton conversationId={conversation.id} intent="close">
            Close
          </ActionButton>
        )}
      </div>
    </header>
  );
}
