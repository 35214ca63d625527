import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import {
  type ChatSocketStatus,
  contiguousSeq,
  mergeMessages,
  openChatSocket,
  withoutFirstBody,
} from "#app/lib/chat-socket.ts";
import {
  CHAT_HTTP_PATH,
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  chatBodySchema,
  chatOfflineSchema,
  chatProfileSchema,
  type ServerFrame,
  type VisitorConversation,
} from "#shared/chat.ts";

type Pending = { clientId: string; body: string };
type Answer =
  | { ok: true; conversation?: VisitorConversation; message?: ChatMessage }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

async function post(fields: Record<string, string>): Promise<Answer> {
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

function errorsByField(issues: Array<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0]);
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

function newClientId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

export default function ChatPanel({
  isOpen,
  shouldFocus,
  onClose,
  onUnreadChange,
  onActive,
}: {
  isOpen: boolean;
  shouldFocus: boolean;
  onClose: () => void;
  onUnreadChange: (count: number) => void;
  onActive: () => void;
}) {
  const titleId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [conversation, setConversation] = useState<VisitorConversation | null>(null);
  const [staffOnline, setStaffOnline] = useState<boolean | null>(null);
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const [isReady, setReady] = useState(false);
  const [readSeq, setReadSeq] = useState(0);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const [view, setView] = useState<"chat" | "details">("chat");
  const [notice, setNotice] = useState<string>();
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const socketRef = useRef<ReturnType<typeof openChatSocket> | undefined>(undefined);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // History over HTTP first (it also sets the visitor cookie), then the socket.
  useEffect(() => {
    let isCancelled = false;
    async function start() {
      try {
        const response = await fetch(CHAT_HTTP_PATH, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        const history = (await response.json()) as {
          conversation: VisitorConversation | null;
          messages: ChatMessage[];
          staffOnline: boolean;
        };
        if (isCancelled) return;
        setConversation(history.conversation);
        setStaffOnline(history.staffOnline);
        setMessages((current) => mergeMessages(current, history.messages));
        // The replies the visitor has not seen yet stay counted as new.
        const staffSeqs = history.messages
          .filter((message) => message.author === "staff")
          .map((message) => message.seq);
        const unseen = history.conversation?.visitorUnread ?? 0;
        setReadSeq(
          unseen > 0 ? (staffSeqs[staffSeqs.length - unseen] ?? 1) - 1 : Number.MAX_SAFE_INTEGER,
        );
      } catch {
        if (!isCancelled) setError("The chat could not load. Please try again in a moment.");
      }
      if (isCancelled) return;
      setReady(true);
      socketRef.current = openChatSocket({
        as: "visitor",
        onStatus: setStatus,
        onFrame: (frame: ServerFrame) => {
          switch (frame.type) {
            case "welcome":
              setStaffOnline(frame.staffOnline);
              socketRef.current?.send({
                type: "sync",
                afterSeq: contiguousSeq(messagesRef.current),
              });
              break;
            case "presence":
              setStaffOnline(frame.staffOnline);
              break;
            case "messages":
              setMessages((current) => mergeMessages(current, frame.messages));
              break;
            case "message": {
              // Our own message can come back from the fan-out before its ack:
              // it is delivered, so it is no longer shown as "Sending…" as well.
              const isNewOwn =
                frame.message.author === "visitor" &&
                !messagesRef.current.some((message) => message.seq === frame.message.seq);
              setMessages((current) => mergeMessages(current, [frame.message]));
              if (isNewOwn) setPending((current) => withoutFirstBody(current, frame.message.body));
              if (frame.message.seq > contiguousSeq(messagesRef.current) + 1)
                socketRef.current?.send({
                  type: "sync",
                  afterSeq: contiguousSeq(messagesRef.current),
                });
              break;
            }
            case "ack":
              setMessages((current) => mergeMessages(current, [frame.message]));
              setPending((current) => current.filter((item) => item.clientId !== frame.clientId));
              break;
            case "error":
              if (frame.clientId) {
                const failed = frame.clientId;
                setPending((current) => {
                  const item = current.find((entry) => entry.clientId === failed);
                  if (item) setDraft((text) => text || item.body);
                  return current.filter((entry) => entry.clientId !== failed);
                });
              }
              setError(frame.error);
              break;
          }
        },
      });
    }
    void start();
    return () => {
      isCancelled = true;
      socketRef.current?.close();
      socketRef.current = undefined;
    };
  }, []);

  const newestStaffSeq = messages.reduce(
    (seq, message) => (message.author === "staff" ? Math.max(seq, message.seq) : seq),
    0,
  );
  const unread = messages.filter(
    (message) => message.author === "staff" && message.seq > readSeq,
  ).length;

  useEffect(() => {
    onUnreadChange(isOpen ? 0 : unread);
  }, [isOpen, unread, onUnreadChange]);

  // Reading happens when the panel is open: the team sees the visitor has seen the reply.
  useEffect(() => {
    if (!isOpen || !isReady || newestStaffSeq === 0 || newestStaffSeq <= readSeq) return;
    setReadSeq(newestStaffSeq);
    if (!socketRef.current?.send({ type: "read" })) void post({ intent: "read" });
  }, [isOpen, isReady, newestStaffSeq, readSeq]);

  // Focus moves into the panel once it knows which form to show (chat, or email while offline).
  const isKnown = staffOnline !== null;
  useEffect(() => {
    if (!isOpen || !shouldFocus || !isKnown) return;
    const field = panelRef.current?.querySelector<HTMLElement>("form textarea, form input");
    (field ?? panelRef.current)?.focus();
  }, [isOpen, shouldFocus, isKnown]);

  const messageCount = messages.length + pending.length;
  useEffect(() => {
    if (messageCount > 0 && listRef.current)
      listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [messageCount]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setError(undefined);
    const parsed = chatBodySchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      inputRef.current?.focus();
      return;
    }
    onActive();
    const clientId = newClientId();
    setDraft("");
    setPending((current) => [...current, { clientId, body: parsed.data }]);
    if (socketRef.current?.send({ type: "send", body: parsed.data, clientId })) return;
    const answer = await post({ intent: "send", body: parsed.data });
    setPending((current) => current.filter((item) => item.clientId !== clientId));
    if (!answer.ok) {
      setDraft(parsed.data);
      setError(answer.error);
      return;
    }
    if (answer.message) setMessages((current) => mergeMessages(current, [answer.message!]));
    if (answer.conversation) setConversation(answer.conversation);
  }

  const isOffline = staffOnline === false;
  const hasEmail = Boolean(conversation?.visitorEmail);

  return (
    <section
      id="chat-panel"
      ref={panelRef}
      tabIndex={-1}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!isOpen}
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-20 z-40 flex h-[min(36rem,calc(100vh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/60"
    >
      <header className="flex items-start justify-between gap-3 border-b border-white/10 px-5 py-4">
        <div>
          <h2 id={titleId} className="font-display text-lg font-semibold text-white">
            Chat with Frontier
          </h2>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-mist-300">
            <span
              aria-hidden="true"
              className={`inline-block h-2 w-2 rounded-full ${staffOnline ? "bg-emerald-400" : "bg-mist-400"}`}
            />
            {staffOnline === null
              ? "Connecting…"
              : staffOnline
                ? "We're online and usually reply within minutes."
                : "We're offline right now."}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded-full p-1.5 text-mist-300 transition hover:bg-white/10 hover:text-white"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </header>

      {view === "details" ? (
        <DetailsForm
          conversation={conversation}
          onDone={(updated) => {
            if (updated) {
              setConversation(updated);
              setNotice("Thanks, we have your details.");
            }
            setView("chat");
          }}
        />
      ) : (
        <>
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

          {notice && (
            <p
              role="status"
              className="mx-5 mb-2 rounded-lg bg-emerald-500/15 px-3 py-2 text-sm text-emerald-200"
            >
              {notice}
            </p>
          )}
          {status !== "open" && isReady && (
            <p role="status" className="mx-5 mb-2 text-xs text-mist-400">
              Reconnecting… your messages still send.
            </p>
          )}

          {isOffline && !hasEmail ? (
            <OfflineForm
              onTaken={(answer) => {
                if (answer.message)
                  setMessages((current) => mergeMessages(current, [answer.message!]));
                if (answer.conversation) setConversation(answer.conversation);
                onActive();
                setNotice(
                  `Thanks! We'll reply to ${answer.conversation?.visitorEmail ?? "you"} by email.`,
                );
              }}
            />
          ) : (
            <form onSubmit={send} noValidate className="border-t border-white/10 px-5 py-3">
              {isOffline && hasEmail && (
                <p className="mb-2 text-xs text-mist-300">
                  We'll reply to {conversation?.visitorEmail} by email.
                </p>
              )}
              <label htmlFor="chat-message" className="field-label">
                Your message
              </label>
              <textarea
                id="chat-message"
                ref={inputRef}
                rows={2}
                value={draft}
                maxLength={CHAT_MESSAGE_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "chat-error" : "chat-hint"}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && !event.shiftKey) {
                    event.preventDefault();
                    void send();
                  }
                }}
                className="field-input resize-none"
              />
              {error ? (
                <p id="chat-error" role="alert" className="field-error">
                  {error}
                </p>
              ) : (
                <p id="chat-hint" className="mt-1 text-xs text-mist-400">
                  Enter sends, Shift+Enter starts a new line. {draft.length}/{CHAT_MESSAGE_MAX}
                </p>
              )}
              <div className="mt-2 flex items-center justify-between gap-2">
                <button
                  type="button"
                  onClick={() => {
                    setNotice(undefined);
                    setView("details");
                  }}
                  className="text-sm text-mist-300 underline underline-offset-4 hover:text-white"
                >
                  {conversation?.visitorEmail ? "Edit your details" : "Leave your name and email"}
                </button>
                <button type="submit" className="btn-primary px-4 py-2 text-sm">
                  Send
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
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

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field-error">
      {messages[0]}
    </p>
  );
}

function OfflineForm({ onTaken }: { onTaken: (answer: Extract<Answer, { ok: true }>) => void }) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = chatOfflineSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(errorsByField(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    const answer = await post({ intent: "offline", ...values });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      setFieldErrors(answer.fieldErrors ?? {});
      return;
    }
    form.reset();
    onTaken(answer);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-white/10 px-5 py-3">
      <p className="text-sm text-mist-300">
        Nobody from the team is online. Leave your email and message and we'll reply by email.
      </p>
      <div>
        <label htmlFor="chat-offline-name" className="field-label">
          Name (optional)
        </label>
        <input
          id="chat-offline-name"
          name="name"
          autoComplete="name"
          className="field-input py-1.5"
        />
      </div>
      <div>
        <label htmlFor="chat-offline-email" className="field-label">
          Email
        </label>
        <input
          id="chat-offline-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? "chat-offline-email-error" : undefined}
          className="field-input py-1.5"
        />
        <FieldError id="chat-offline-email-error" messages={fieldErrors.email} />
      </div>
      <div>
        <label htmlFor="chat-offline-body" className="field-label">
          Message
        </label>
        <textarea
          id="chat-offline-body"
          name="body"
          rows={2}
          required
          maxLength={CHAT_MESSAGE_MAX}
          aria-invalid={fieldErrors.body ? true : undefined}
          aria-describedby={fieldErrors.body ? "chat-offline-body-error" : undefined}
          className="field-input resize-none py-1.5"
        />
        <FieldError id="chat-offline-body-error" messages={fieldErrors.body} />
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={isBusy} className="btn-primary w-full px-4 py-2 text-sm">
        {isBusy ? "Sending…" : "Send by email"}
      </button>
    </form>
  );
}

function DetailsForm({
  conversation,
  onDone,
}: {
  conversation: VisitorConversation | null;
  onDone: (updated?: VisitorConversation) => void;
}) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = chatProfileSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(errorsByField(parsed.error.issues));
      return;
    }
    const answer = await post({ intent: "profile", ...values });
    if (!answer.ok) {
      setError(answer.error);
      setFieldErrors(answer.fieldErrors ?? {});
      return;
    }
    onDone(answer.conversation);
  }

  return (
    <form onSubmit={submit} noValidate className="flex-1 space-y-3 px-5 py-4">
      <p className="text-sm text-mist-300">
        So we know who we're talking to, and can reply by email if you leave.
      </p>
      <div>
        <label htmlFor="chat-name" className="field-label">
          Name
        </label>
        <input
          id="chat-name"
          ref={nameRef}
          name="name"
          autoComplete="name"
          defaultValue={conversation?.visitorName ?? ""}
          className="field-input"
        />
        <FieldError id="chat-name-error" messages={fieldErrors.name} />
      </div>
      <div>
        <label htmlFor="chat-email" className="field-label">
          Email
        </label>
        <input
          id="chat-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={conversation?.visitorEmail ?? ""}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? "chat-email-error" : undefined}
          className="field-input"
        />
        <FieldError id="chat-email-error" messages={fieldErrors.email} />
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-4 py-2 text-sm">
          Save
        </button>
        <button type="button" onClick={() => onDone()} className="btn-secondary px-4 py-2 text-sm">
          Back to the chat
        </button>
      </div>
    </form>
  );
}
