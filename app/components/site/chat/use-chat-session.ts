import { useEffect, useRef, useState } from "react";
import {
  type ChatSocketStatus,
  contiguousSeq,
  mergeMessages,
  openChatSocket,
  withoutFirstBody,
} from "#app/lib/chat-socket.ts";
import {
  CHAT_HTTP_PATH,
  type ChatMessage,
  chatBodySchema,
  type ServerFrame,
  type VisitorConversation,
} from "#shared/chat.ts";
import { type Accepted, postChat } from "./post-chat";
import { shareTrailOnce } from "./share-trail";

export type Pending = { clientId: string; body: string };

function newClientId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The visitor's side of the conversation: history, socket, draft, unread count and reading. */
export function useChatSession({
  isOpen,
  onUnreadChange,
  onActive,
}: {
  isOpen: boolean;
  onUnreadChange: (count: number) => void;
  onActive: () => void;
}) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [conversation, setConversation] = useState<VisitorConversation | null>(null);
  const [staffOnline, setStaffOnline] = useState<boolean | null>(null);
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const [isReady, setReady] = useState(false);
  const [readSeq, setReadSeq] = useState(0);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const socketRef = useRef<ReturnType<typeof openChatSocket> | undefined>(undefined);

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
              shareTrailOnce();
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
    if (!socketRef.current?.send({ type: "read" })) void postChat({ intent: "read" });
  }, [isOpen, isReady, newestStaffSeq, readSeq]);

  /** What the server took over HTTP: the message it stored, the conversation as it now is. */
  function receive(answer: Omit<Accepted, "ok">) {
    if (answer.message) setMessages((current) => mergeMessages(current, [answer.message!]));
    if (answer.conversation) setConversation(answer.conversation);
  }

  async function sendOverHttp(clientId: string, body: string) {
    const answer = await postChat({ intent: "send", body });
    setPending((current) => current.filter((item) => item.clientId !== clientId));
    if (!answer.ok) {
      setDraft(body);
      setError(answer.error);
      return;
    }
    shareTrailOnce();
    receive(answer);
  }

  /** Sends the draft; false when the draft cannot be sent (the error says why). */
  function send() {
    setError(undefined);
    const parsed = chatBodySchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return false;
    }
    onActive();
    const clientId = newClientId();
    setDraft("");
    setPending((current) => [...current, { clientId, body: parsed.data }]);
    if (!socketRef.current?.send({ type: "send", body: parsed.data, clientId }))
      void sendOverHttp(clientId, parsed.data);
    return true;
  }

  return {
    messages,
    pending,
    conversation,
    staffOnline,
    status,
    isReady,
    draft,
    setDraft,
    error,
    send,
    receive,
  };
}
