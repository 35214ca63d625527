import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { useToast } from "#app/components/ui/toasts.tsx";
import { mergeMessages, openChatSocket } from "#app/lib/chat-socket.ts";
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
import {
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  chatFilters,
  chatStaffActionSchema,
} from "#shared/chat.ts";
import type { Route } from "./+types/index";

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

type ActionResult = { ok: true; message?: string } | { ok: false; error: string } | undefined;

const statusLabel = { open: "Unassigned", assigned: "Assigned", closed: "Closed" } as const;
const statusStyle = {
  open: "bg-frontier-orange/20 text-orange-200",
  assigned: "bg-frontier-blue/20 text-blue-200",
  closed: "bg-white/10 text-mist-400",
} as const;

function formatTime(iso: string | Date | null) {
  if (!iso) return "";
  const date = new Date(iso);
  const isToday = date.toDateString() === new Date().toDateString();
  return isToday
    ? date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(undefined, { day: "numeric", month: "short" });
}

/** A short two-tone chime, made on the spot (no audio file to load). */
function playChime() {
  try {
    const audio = new AudioContext();
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, audio.currentTime + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.12 + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + index * 0.12);
      oscillator.stop(audio.currentTime + index * 0.12 + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // no sound available: the badge still shows
  }
}

const SOUND_KEY = "frontier-chat-sound";

function useLiveUpdates(
  selectedId: string | null,
  selectedUnread: number,
  onMessage: (message: ChatMessage) => void,
) {
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const [isConnected, setConnected] = useState(false);
  const [isSoundOn, setSoundOn] = useState(false);
  const soundRef = useRef(isSoundOn);
  soundRef.current = isSoundOn;
  const socketRef = useRef<ReturnType<typeof openChatSocket> | undefined>(undefined);

  useEffect(() => {
    setSoundOn(window.localStorage.getItem(SOUND_KEY) !== "off");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidateRef.current(), 50);
    };
    const socket = openChatSocket({
      as: "staff",
      onStatus: (status) => {
        setConnected(status === "open");
        // Anything that happened while disconnected shows after the reconnect.
        if (status === "open") refresh();
      },
      onFrame: (frame) => {
        if (frame.type === "message") {
          onMessageRef.current(frame.message);
          if (frame.message.author === "visitor" && soundRef.current) playChime();
          refresh();
        } else if (frame.type === "conversation") refresh();
      },
    });
    socketRef.current = socket;
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, []);

  // Looking at a conversation reads it.
  useEffect(() => {
    if (selectedId && selectedUnread > 0 && isConnected)
      socketRef.current?.send({ type: "read", conversationId: selectedId });
  }, [selectedId, selectedUnread, isConnected]);

  function toggleSound() {
    const next = !isSoundOn;
    setSoundOn(next);
    window.localStorage.setItem(SOUND_KEY, next ? "on" : "off");
  }
  return { isConnected, isSoundOn, toggleSound };
}

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { list, filter, unread, selected, messages, clientChoices, me } = loaderData;
  const [searchParams] = useSearchParams();
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

  function hrefFor(changes: Record<string, string | null>) {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `?${params}`;
  }

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Live Chat"
        description={
          <>
            {unread > 0 ? (
              <span className="mr-2 inline-flex items-center rounded-full bg-frontier-orange px-2 py-0.5 text-sm font-semibold text-ink-950">
                {unread} unread
              </span>
            ) : null}
            Visitors see the team as online while this screen is open.
          </>
        }
        actions={
          <>
            <span role="status" className="flex items-center gap-2 text-sm text-mist-300">
              <span
                aria-hidden="true"
                className={`h-2.5 w-2.5 rounded-full ${live.isConnected ? "bg-emerald-400" : "bg-mist-400"}`}
              />
              {live.isConnected ? "You are online" : "Connecting…"}
            </span>
            <button
              type="button"
              aria-pressed={live.isSoundOn}
              onClick={live.toggleSound}
              className="btn-secondary px-4 py-2 text-sm"
            >
              Sound {live.isSoundOn ? "on" : "off"}
            </button>
          </>
        }
      />

      <nav aria-label="Conversation filter" className="mb-4 flex flex-wrap gap-2">
        {chatFilters.map((item) => (
          <Link
            key={item.value}
            to={hrefFor({ filter: item.value, page: null })}
            aria-current={filter === item.value ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 text-sm ${
              filter === item.value
                ? "bg-white text-ink-950"
                : "border border-white/15 text-mist-300 hover:text-white"
            }`}
          >
            {item.label}
          </Link>
        ))}
      </nav>

      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <section aria-labelledby="conversations-heading" className="card p-0">
          <h2 id="conversations-heading" className="sr-only">
            Conversations
          </h2>
          {rows.length === 0 ? (
            <p className="p-6 text-mist-300">No conversations here yet.</p>
          ) : (
            <ul className="divide-y divide-white/10">
              {rows.map((row) => {
                const isSelected = row.id === selected?.id;
                const who = row.visitorName || row.visitorEmail || "Anonymous visitor";
                return (
                  <li key={row.id}>
                    <Link
                      to={hrefFor({ c: row.id })}
                      aria-current={isSelected ? "true" : undefined}
                      className={`block px-4 py-3 transition hover:bg-white/5 ${isSelected ? "bg-white/10" : ""}`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-semibold text-white">{who}</span>
                        <span className="shrink-0 text-xs text-mist-400">
                          {formatTime(row.lastMessageAt)}
                        </span>
                      </span>
                      <span className="mt-1 block truncate text-sm text-mist-300">
                        {row.lastMessageAuthor === "staff" ? "You: " : ""}
                        {row.lastMessagePreview}
                      </span>
                      <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                        <span className={`rounded-full px-2 py-0.5 ${statusStyle[row.status]}`}>
                          {statusLabel[row.status]}
                          {row.status === "assigned" && row.assigneeName
                            ? ` · ${row.assigneeName}`
                            : ""}
                        </span>
                        {row.clientName ? (
                          <span className="rounded-full bg-frontier-purple/20 px-2 py-0.5 text-purple-200">
                            {row.clientName}
                          </span>
                        ) : null}
                        {row.staffUnread > 0 ? (
                          <span className="ml-auto rounded-full bg-frontier-orange px-2 py-0.5 font-semibold text-ink-950">
                            {row.staffUnread} new<span className="sr-only"> messages</span>
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {list.total > list.pageSize ? (
            <div className="border-t border-white/10 p-3">
              <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
            </div>
          ) : null}
        </section>

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

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["list"]["rows"][number];

/** The list with messages the socket brought since it loaded (newest activity first). */
function withLiveMessages(rows: Row[], liveMessages: ChatMessage[], filter: string) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const message of liveMessages) {
    const at = new Date(message.createdAt);
    const row = byId.get(message.conversationId);
    if (row?.lastMessageAt && new Date(row.lastMessageAt) >= at) continue;
    if (!row && !(filter === "active" || filter === "open" || filter === "all")) continue;
    byId.set(message.conversationId, {
      id: message.conversationId,
      visitorName: null,
      visitorEmail: null,
      status: "open",
      assigneeId: null,
      assigneeName: null,
      clientId: null,
      clientName: null,
      staffUnread: 0,
      ...row,
      lastMessageAt: at,
      lastMessagePreview: message.body.slice(0, 140),
      lastMessageAuthor: message.author,
    } as Row);
    const updated = byId.get(message.conversationId)!;
    if (message.author === "visitor") updated.staffUnread += 1;
  }
  return [...byId.values()].sort(
    (a, b) => new Date(b.lastMessageAt ?? 0).getTime() - new Date(a.lastMessageAt ?? 0).getTime(),
  );
}

function useActionToast(data: ActionResult) {
  const { show } = useToast();
  useEffect(() => {
    if (!data) return;
    if (!data.ok) show({ message: data.error, type: "error" });
    else if (data.message) show({ message: data.message, type: "success" });
  }, [data, show]);
}

function ActionButton({
  conversationId,
  intent,
  children,
}: {
  conversationId: string;
  intent: string;
  children: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="conversationId" value={conversationId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={fetcher.state !== "idle"}
        className="btn-secondary px-4 py-2 text-sm"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

function Conversation({
  conversation,
  messages,
  clientChoices,
  meId,
}: {
  conversation: NonNullable<LoaderData["selected"]>;
  messages: LoaderData["messages"];
  clientChoices: LoaderData["clientChoices"];
  meId: string;
}) {
  const reply = useFetcher<ActionResult>();
  const link = useFetcher<ActionResult>();
  useActionToast(link.data);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const listRef = useRef<HTMLOListElement>(null);
  const who = conversation.visitorName || conversation.visitorEmail || "Anonymous visitor";

  useEffect(() => {
    if (reply.data && !reply.data.ok) setError(reply.data.error);
  }, [reply.data]);

  const count = messages.length;
  useEffect(() => {
    if (count > 0 && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [count]);

  function send(event?: FormEvent) {
    event?.preventDefault();
    const parsed = chatStaffActionSchema.safeParse({
      intent: "reply",
      conversationId: conversation.id,
      body: draft,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    setDraft("");
    void reply.submit(
      { intent: "reply", conversationId: conversation.id, body: draft },
      { method: "post" },
    );
  }

  return (
    <section
      aria-labelledby="conversation-heading"
      className="card flex min-h-[32rem] flex-col p-0"
    >
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
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${statusStyle[conversation.status]}`}
            >
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

      <form onSubmit={send} noValidate className="border-t border-white/10 px-6 py-4">
        <label htmlFor="chat-reply" className="field-label">
          Reply
        </label>
        <textarea
          id="chat-reply"
          rows={3}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "chat-reply-error" : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
          className="field-input"
        />
        {error ? (
          <p id="chat-reply-error" role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="mt-3 flex justify-end">
          <button
            type="submit"
            className="btn-primary px-5 py-2 text-sm"
            disabled={reply.state !== "idle"}
          >
            Send reply
          </button>
        </div>
      </form>

      <link.Form
        method="post"
        className="flex flex-wrap items-end gap-3 border-t border-white/10 px-6 py-4"
      >
        <input type="hidden" name="intent" value="link-client" />
        <input type="hidden" name="conversationId" value={conversation.id} />
        <div className="min-w-56 flex-1">
          <label htmlFor="chat-client" className="field-label">
            Linked client
          </label>
          <select
            id="chat-client"
            name="clientId"
            defaultValue={conversation.clientId ?? ""}
            className="field-input"
          >
            <option value="">Not linked</option>
            {clientChoices.map((client) => (
              <option key={client.id} value={client.id}>
                {client.company}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={link.state !== "idle"}
        >
          Save link
        </button>
        {conversation.clientId ? (
          <Link
            to={`/admin/clients/${conversation.clientId}`}
            className="text-sm text-frontier-blue hover:underline"
          >
            Open client
          </Link>
        ) : null}
      </link.Form>
    </section>
  );
}
