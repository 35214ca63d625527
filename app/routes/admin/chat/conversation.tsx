import { ClientLinkForm } from "./client-link-form";
import { ConversationHeader } from "./conversation-header";
import type { LoaderData, SelectedConversation } from "./inbox-types";
import { MessageThread } from "./message-thread";
import { ReplyForm } from "./reply-form";

export function Conversation({
  conversation,
  messages,
  clientChoices,
  meId,
}: {
  conversation: SelectedConversation;
  messages: LoaderData["messages"];
  clientChoices: LoaderData["clientChoices"];
  meId: string;
}) {
  const who = conversation.visitorName || conversation.visitorEmail || "Anonymous visitor";
  return (
    <section
      aria-labelledby="conversation-heading"
      className="card flex min-h-[32rem] flex-col p-0"
    >
      <ConversationHeader conversation={conversation} who={who} meId={meId} />
      <MessageThread messages={messages} who={who} />
      <ReplyForm conversationId={conversation.id} />
      <ClientLinkForm conversation={conversation} clientChoices={clientChoices} />
    </section>
  );
}
