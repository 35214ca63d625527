import { useEffect, useState } from "react";
import { mergeMessages } from "#app/lib/chat-socket.ts";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
import { findClientChoices } from "#server/chat/clients.ts";
import {
  assignConversation,
  closeConversation,
  linkConversationToClient,
  reopenConversation,
} from "#server/chat/conversation-changes.ts";
import { findConversation, findMessages } from "#server/chat/conversation-queries.ts";
import {
  type ConversationFilter,
  countUnreadForStaff,
  findConversations,
} from "#server/chat/inbox.ts";
import { sendStaffMessage } from "#server/chat/staff-messages.ts";
import { errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { type ChatMessage, chatFilters, chatStaffActionSchema } from "#shared/chat.ts";
import type { Route } from "./+types/index";
import { Conversation } from "./conversation";
import { ConversationFilterNav } from "./conversation-filter-nav";
import { ConversationList } from "./conversation-list";
import { InboxHeader } from "./inbox-header";
import { useLiveUpdates } from "./use-live-updates";
import { withLiveMessages } from "./with-live-messages";

export const meta = () => [{ title: "Live Chat | Command Center" }];

const filterValues = chatFilters.map((filter) => filter.value) as string[];

export async function loader(args: Route.LoaderArgs) {
  const me = await requireRole(args, "admin");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const filterParam = url.searchParams.get("filter") ?? "active";
  const filter = (
    filterValues.includes(filterParam) ? filterParam : "active"
  ) as ConversationFilter;
  const page = pageFrom(url);
  const selectedId = url.searchParams.get("c");
  const isSelectedId = isUuid(selectedId);
  const [list, unread, selected, clientChoices] = await Promise.all([
    findConversations(db, { filter, staffId: me.id, page }),
    countUnreadForStaff(db),
    isSelectedId ? findConversation(db, selectedId) : undefined,
    findClientChoices(db),
  ]);
  const messages = selected ? await findMessages(db, { conversationId: selected.id }) : [];
  return {
    me: { id: me.id, name: me.name },
    filter,
    list,
    unread,
    clientChoices,
    selected: selected
      ? {
          id: selected.id,
          visitorName: selected.visitorName,
          visitorEmail: selected.visitorEmail,
          status: selected.status,
          assigneeId: selected.assigneeId,
          assigneeName: selected.assigneeName,
          clientId: selected.clientId,
          staffUnread: selected.staffUnread,
          visitorUnread: selected.visitorUnread,
          createdAt: selected.createdAt.toISOString(),
        }
      : null,
    messages,
  };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireRole(args, "admin");
  const { context } = args;
  const parsed = chatStaffActionSchema.safeParse(Object.fromEntries(await readForm(args.request)));
  try {
    if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
    const input = parsed.data;
    const change = {
      database: context.database,
      staff: me,
      conversationId: input.conversationId,
      address: context.clientAddress,
    };
    switch (input.intent) {
      case "reply":
        await sendStaffMessage({ ...change, body: input.body });
        return { ok: true as const };
      case "assign":
        await assignConversation(change);
        return { ok: true as const, message: "The conversation is yours." };
      case "close":
        await closeConversation(change);
        return { ok: true as const, message: "Conversation closed." };
      case "reopen":
        await reopenConversation(change);
        return { ok: true as const, message: "Conversation reopened." };
      case "link-client":
        await linkConversationToClient({ ...change, clientId: input.clientId || null });
        return {
          ok: true as const,
          message: input.clientId ? "Visitor linked to the client." : "Client link removed.",
        };
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { list, filter, unread, selected, messages, clientChoices, me } = loaderData;
  // Messages from the socket show at once; the reload that follows brings the rest of the row.
  const [liveMessages, setLiveMessages] = useState<ChatMessage[]>([]);
  const live = useLiveUpdates(selected?.id ?? null, selected?.staffUnread ?? 0, (message) =>
    setLiveMessages((current) => [...current.slice(-200), message]),
  );
  const rows = withLiveMessages(list.rows, liveMessages, filter);
  const threadMessages = selected
    ? mergeMessages(
        messages,
        liveMessages.filter((message) => message.conversationId === selected.id),
      )
    : [];

  useEffect(() => {
    document.title =
      unread > 0 ? `(${unread}) Live Chat | Command Center` : "Live Chat | Command Center";
  }, [unread]);

  return (
    <main id="main" className="p-6 lg:p-8">
      <InboxHeader
        unread={unread}
        status={live.status}
        isSoundOn={live.isSoundOn}
        onToggleSound={live.toggleSound}
      />
      <ConversationFilterNav filter={filter} />
      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <ConversationList rows={rows} list={list} selectedId={selected?.id} />
        {selected ? (
          <Conversation
            key={selected.id}
            conversation={selected}
            messages={threadMessages}
            clientChoices={clientChoices}
            meId={me.id}
          />
        ) : (
          <section className="card flex min-h-64 items-center justify-center text-mist-300">
            Choose a conversation to read and answer it.
          </section>
        )}
      </div>
    </main>
  );
}
