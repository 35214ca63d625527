import { useEffect, useState } from "react";
import { mergeMessages } from "#app/lib/chat-socket.ts";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
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
import { findClientChoices } from "#server/clients/choices.ts";
import { errorResponse, invalid } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import {
  countClientUnreadForStaff,
  findClientThreads,
  getClientThread,
  markClientThreadRead,
  replyToClientThread,
} from "#server/portal/team-messages.ts";
import { type ChatMessage, chatFilters, chatStaffActionSchema } from "#shared/chat.ts";
import { threadReplySchema } from "#shared/portal.ts";
import type { Route } from "./+types/index";
import { ClientThread } from "./client-thread";
import { ClientThreadList } from "./client-thread-list";
import { Conversation } from "./conversation";
import { CLIENTS_FILTER, ConversationFilterNav } from "./conversation-filter-nav";
import { ConversationList } from "./conversation-list";
import { InboxHeader } from "./inbox-header";
import { useLiveUpdates } from "./use-live-updates";
import { usePolling } from "./use-polling";
import { withLiveMessages } from "./with-live-messages";

export const meta = () => [{ title: "Live Chat | Command Center" }];

const filterValues = chatFilters.map((filter) => filter.value) as string[];

/**
 * The inbox: visitor chats (admins, decision 600) and the client portal's project threads
 * (staff, decision 415) under the "Clients" filter, so everything is answered in one place.
 */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireRole(args, "staff");
  const isAdmin = me.role === "admin";
  const { db, database } = args.context;
  const { url } = args;
  const filterParam = url.searchParams.get("filter") ?? (isAdmin ? "active" : CLIENTS_FILTER);
  const isClients = !isAdmin || filterParam === CLIENTS_FILTER;
  const filter = (
    filterValues.includes(filterParam) ? filterParam : "active"
  ) as ConversationFilter;
  const page = pageFrom(url);
  const threadId = url.searchParams.get("t");
  // Looking at a thread reads it for the team (before the counts below).
  if (isClients && isUuid(threadId)) await markClientThreadRead({ database, projectId: threadId });
  const selectedId = url.searchParams.get("c");
  const isSelectedId = !isClients && isUuid(selectedId);
  const [list, unread, selected, threads, clientUnread, thread] = await Promise.all([
    isClients
      ? undefined
      : findConversations(db, {
          filter,
          staffId: me.id,
          page,
          after: url.searchParams.get("after") ?? undefined,
          before: url.searchParams.get("before") ?? undefined,
        }),
    isAdmin ? countUnreadForStaff(db) : 0,
    isSelectedId ? findConversation(db, selectedId) : undefined,
    isClients ? findClientThreads(db, { page }) : undefined,
    countClientUnreadForStaff(db),
    isClients && isUuid(threadId) ? getClientThread({ db, projectId: threadId }) : undefined,
  ]);
  // The clients to link a visitor to: only with a conversation open, where the form is.
  const [messages, clientChoices] = selected
    ? await Promise.all([
        findMessages(db, { conversationId: selected.id }),
        findClientChoices(db, { selectedId: selected.clientId }),
      ])
    : [[], { choices: [], complete: true }];
  return {
    me: { id: me.id, name: me.name },
    isAdmin,
    filter: isClients ? CLIENTS_FILTER : filter,
    list: list ?? {
      rows: [],
      total: 0,
      page,
      pageSize: 30,
      totalIsEstimate: false,
      previousCursor: undefined,
      nextCursor: undefined,
    },
    threads: threads ?? { rows: [], total: 0, page, pageSize: 30 },
    thread: thread ?? null,
    unread,
    clientUnread,
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
  const staff = await requireRole(args, "staff");
  const { context } = args;
  const form = Object.fromEntries(await readForm(args.request));
  // Answering a client's project thread is for all staff; everything else is the visitor chat's.
  if (form.intent === "thread-reply") {
    try {
      const reply = threadReplySchema.safeParse(form);
      if (!reply.success) throw invalid(reply.error, reply.error.issues[0].message);
      await replyToClientThread({
        database: context.database,
        staff,
        projectId: reply.data.projectId,
        body: reply.data.body,
      });
      return { ok: true as const };
    } catch (error) {
      return errorResponse(error);
    }
  }
  const parsed = chatStaffActionSchema.safeParse(form);
  if (!parsed.success) return errorResponse(invalid(parsed.error, parsed.error.issues[0].message));
  const me = await requireRole(args, "admin");
  try {
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
  const { list, filter, unread, selected, messages, clientChoices, me, isAdmin } = loaderData;
  const { threads, thread, clientUnread } = loaderData;
  // Messages from the socket show at once; the reload that follows brings the rest of the row.
  const [liveMessages, setLiveMessages] = useState<ChatMessage[]>([]);
  const live = useLiveUpdates(
    selected?.id ?? null,
    selected?.staffUnread ?? 0,
    (message) => setLiveMessages((current) => [...current.slice(-200), message]),
    isAdmin,
  );
  // Client managers have no chat socket (visitor chats are for admins): their list refreshes.
  usePolling(!isAdmin);
  const isClients = filter === CLIENTS_FILTER;
  const rows = withLiveMessages(list.rows, liveMessages, filter);
  const threadMessages = selected
    ? mergeMessages(
        messages,
        liveMessages.filter((message) => message.conversationId === selected.id),
      )
    : [];

  const total = unread + clientUnread;
  useEffect(() => {
    document.title =
      total > 0 ? `(${total}) Live Chat | Command Center` : "Live Chat | Command Center";
  }, [total]);

  return (
    <main id="main" className="p-6 lg:p-8">
      <InboxHeader
        unread={total}
        status={live.status}
        isSoundOn={live.isSoundOn}
        onToggleSound={live.toggleSound}
        isAdmin={isAdmin}
      />
      <ConversationFilterNav filter={filter} clientUnread={clientUnread} isAdmin={isAdmin} />
      {isClients ? (
        <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
          <ClientThreadList threads={threads} selectedId={thread?.project.id} />
          {thread ? (
            <ClientThread key={thread.project.id} thread={thread} />
          ) : (
            <section className="card flex min-h-64 items-center justify-center text-mist-300">
              Choose a project thread to read and answer it.
            </section>
          )}
        </div>
      ) : (
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
      )}
    </main>
  );
}
