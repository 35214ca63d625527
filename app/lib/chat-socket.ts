import { CHAT_CLOSE, CHAT_SOCKET_PATH, type ClientFrame, type ServerFrame } from "#shared/chat.ts";

/** "signed-out" and "no-access" are final: the staff session ended, the socket does not retry. */
export type ChatSocketStatus = "connecting" | "open" | "closed" | "signed-out" | "no-access";

const MAX_RETRY_MS = 15_000;

/**
 * A chat socket that reconnects by itself (with growing pauses) and tells its
 * owner each time it is open again, so the owner can ask for what it missed.
 */
export function openChatSocket(options: {
  as: "visitor" | "staff";
  onFrame: (frame: ServerFrame) => void;
  onStatus?: (status: ChatSocketStatus) => void;
}) {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  function connect() {
    if (isStopped) return;
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    const query = options.as === "staff" ? "?as=staff" : "";
    options.onStatus?.("connecting");
    const current = new WebSocket(
      `${protocol}//${window.location.host}${CHAT_SOCKET_PATH}${query}`,
    );
    socket = current;
    current.onopen = () => {
      attempt = 0;
      options.onStatus?.("open");
    };
    current.onmessage = (event) => {
      try {
        options.onFrame(JSON.parse(String(event.data)) as ServerFrame);
      } catch {
        // a frame we cannot read is skipped; the next sync fills any gap
      }
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      if (event.code === CHAT_CLOSE.signedOut || event.code === CHAT_CLOSE.noAccess) {
        stop();
        options.onStatus?.(event.code === CHAT_CLOSE.signedOut ? "signed-out" : "no-access");
        return;
      }
      options.onStatus?.("closed");
      if (isStopped) return;
      attempt++;
      // Closed for sending too much, or too many windows: wait the longest pause.
      const delay =
        event.code === CHAT_CLOSE.policy
          ? MAX_RETRY_MS
          : Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_MS);
      timer = setTimeout(connect, delay);
    };
  }

  const onOnline = () => {
    if (!socket) {
      clearTimeout(timer);
      connect();
    }
  };
  window.addEventListener("online", onOnline);
  function stop() {
    isStopped = true;
    clearTimeout(timer);
    window.removeEventListener("online", onOnline);
  }
  connect();

  return {
    /** Sends a frame when connected; returns false when it could not. */
    send(frame: ClientFrame) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    isOpen() {
      return socket?.readyState === WebSocket.OPEN;
    },
    close() {
      stop();
      socket?.close();
      socket = undefined;
    },
  };
}

/** Adds messages by sequence number: a number already held is not added again. */
export function mergeMessages<T extends { seq: number }>(current: T[], incoming: T[]) {
  if (incoming.length === 0) return current;
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  let isChanged = false;
  for (const message of incoming) {
    if (!bySeq.has(message.seq)) {
      bySeq.set(message.seq, message);
      isChanged = true;
    }
  }
  if (!isChanged) return current;
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest number up to which nothing is missing: what a reconnect asks to continue after. */
export function contiguousSeq(messages: Array<{ seq: number }>) {
  let seq = 0;
  for (const message of messages) {
    if (message.seq === seq + 1) seq = message.seq;
    else if (message.seq > seq + 1) break;
  }
  return seq;
}

/** `items` without the first one whose body is `body` (a message now delivered). */
export function withoutFirstBody<T extends { body: string }>(items: T[], body: string) {
  const index = items.findIndex((item) => item.body === body);
  return index < 0 ? items : [...items.slice(0, index), ...items.slice(index + 1)];
}
