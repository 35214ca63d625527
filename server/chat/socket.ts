import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { SESSION_CHANGES_CHANNEL } from "#server/auth/session.ts";
import { limitKeyOf, resolveClientAddress } from "#server/client-address.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";
import { CHAT_CLOSE, CHAT_SOCKET_PATH, type ClientFrame, type ServerFrame } from "#shared/chat.ts";
import {
  CONNECTION_LIMITS,
  type ConnectionLimits,
  createConnectionCounter,
  TOO_MANY_FOR_ADDRESS,
  takeConnectionSlots,
} from "./connection-caps";
import { findMessage, findVisitorConversation } from "./conversation-queries";
import { CHAT_CHANNEL, type ChatEvent, parseChatEvent } from "./events";
import { createFrameGate, type FrameGate, MAX_FRAME_BYTES, REFUSAL_MESSAGES } from "./frame-limits";
import { createPresenceTracker } from "./presence";
import { answerFrame } from "./socket-frames";
import { type Identity, identifyUpgrade, isSameOrigin, refuseUpgrade } from "./socket-upgrade";
import {
  createSessionWatch,
  createStaffSessions,
  parseSessionChange,
  SESSION_END_CLOSE,
  type StaffSessions,
  type WatchedSession,
} from "./staff-sessions";

export type ChatSocketOptions = {
  database: Database;
  env: Env;
  /** How often presence is refreshed, staff sessions are checked and dead sockets dropped. */
  heartbeatMs?: number;
  /** How long a staff session check holds before a frame or a delivery checks again. */
  sessionCheckMs?: number;
  /** Who staff sockets belong to and whether their sessions hold; the real sessions by default. */
  staffSessions?: StaffSessions;
  connectionLimits?: Partial<ConnectionLimits>;
};

type Peer = {
  socket: WebSocket;
  address: string;
  isAlive: boolean;
  gate: FrameGate;
  /** Gives back the connection slots the socket holds. */
  release: () => void;
} & (
  | { kind: "visitor"; visitorId: string; conversationId?: string }
  | (WatchedSession & {
      kind: "staff";
      /** Deliveries wait here for the session check, in order. */
      deliveries: Promise<void>;
    })
);
type StaffPeer = Extract<Peer, { kind: "staff" }>;

/**
 * The chat's WebSocket endpoint on the app's own HTTP server. Messages are
 * stored by the domain functions first; delivery follows the NOTIFY every
 * instance receives, so a socket on any instance gets every message once.
 * Each socket's frames pass a gate (frame-limits.ts); a staff socket lives
 * only as long as its session (staff-sessions.ts).
 */
export function attachChatSocket(server: Server, options: ChatSocketOptions) {
  const { database, env } = options;
  const db = database.db;
  const instanceId = randomUUID();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const limits = { ...CONNECTION_LIMITS, ...options.connectionLimits };
  const staffSessions = options.staffSessions ?? createStaffSessions({ database, env });
  const connections = createConnectionCounter();
  const peers = new Set<Peer>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  let isClosed = false;
  const presence = createPresenceTracker({
    database,
    instanceId,
    staffIds: () => [...peers].flatMap((peer) => (peer.kind === "staff" ? [peer.staff.id] : [])),
    onChange(isOnline) {
      for (const peer of peers)
        if (peer.kind === "visitor") send(peer, { type: "presence", staffOnline: isOnline });
    },
  });

  const sessionWatch = createSessionWatch({
    sessions: staffSessions,
    checkMs: options.sessionCheckMs ?? 1000,
    onEnded(watched, state) {
      const peer = watched as StaffPeer;
      const [code, reason, message] = SESSION_END_CLOSE[state];
      send(peer, { type: "error", error: message });
      endPeer(peer, code, reason);
    },
    onError(watched, error) {
      log.warn("chat socket: could not check a staff session", error);
      endPeer(watched as StaffPeer, 1011, "unavailable");
    },
  });

  /** Opens the socket only to close it with a code and reason the browser can read. */
  function closeAfterOpen(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    close: [number, string],
  ) {
    wss.handleUpgrade(request, socket, head, (ws) => ws.close(...close));
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== CHAT_SOCKET_PATH) return;
    if (isClosed) return refuseUpgrade(socket, 503, "Service Unavailable");
    if (!isSameOrigin(request, env.PUBLIC_URL)) return refuseUpgrade(socket, 403, "Forbidden");
    const address = resolveClientAddress(request, env.TRUST_PROXY);
    // Before any database work: a flood from one address (an IPv6 /64) costs a handshake
    // each, nothing more.
    const addressKey = limitKeyOf(address);
    if (connections.count(`address:${addressKey}`) >= limits.perAddress)
      return closeAfterOpen(request, socket, head, [CHAT_CLOSE.policy, TOO_MANY_FOR_ADDRESS]);
    let identity: Identity | undefined;
    try {
      identity = await identifyUpgrade({ request, address, env, staffSessions });
    } catch (error) {
      log.warn("chat socket: could not identify a connection", error);
      return refuseUpgrade(socket, 500, "Internal Server Error");
    }
    if (!identity) return refuseUpgrade(socket, 401, "Unauthorized");
    if (identity.kind === "refused") return closeAfterOpen(request, socket, head, identity.close);
    const known = identity;
    // Slots are taken once the socket exists (ws calls back at once, or never for a bad
    // handshake), so a failed handshake holds none.
    wss.handleUpgrade(request, socket, head, (ws) => {
      const slots = takeConnectionSlots(connections, {
        address: addressKey,
        owner: known,
        limits,
      });
      if ("refused" in slots) return ws.close(CHAT_CLOSE.policy, slots.refused);
      const release = slots.release;
      const common = { socket: ws, address, isAlive: true, release, gate: undefined };
      const peer = (known.kind === "staff"
        ? { ...known, ...common, deliveries: Promise.resolve() }
        : { ...known, ...common }) as unknown as Peer;
      peer.gate = createGate(peer);
      void onConnection(peer);
    });
  }

  function createGate(peer: Peer) {
    return createFrameGate({
      handle: (frame) => onFrame(peer, frame),
      refuse: (reason, frame) =>
        send(peer, {
          type: "error",
          ...(frame?.type === "send" ? { clientId: frame.clientId } : {}),
          error: REFUSAL_MESSAGES[reason],
        }),
      close: () => endPeer(peer, CHAT_CLOSE.policy, "too many messages"),
      pause: () => peer.socket.pause(),
      resume: () => peer.socket.resume(),
    });
  }

  function send(peer: Peer, frame: ServerFrame) {
    if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(frame));
  }

  /** Stops serving a peer at once (no frame handled, nothing delivered) and closes its socket. */
  function endPeer(peer: Peer, code: number, reason: string) {
    peer.gate.stop();
    if (peer.kind === "staff") peer.isEnded = true;
    forget(peer);
    peer.socket.close(code, reason);
    // Read on (a paused socket would never see the other side's close frame); the gate drops the rest.
    peer.socket.resume();
  }

  function forget(peer: Peer) {
    if (!peers.delete(peer)) return;
    peer.release();
    if (peer.kind === "staff" && !hasStaffSocket(peer.staff.id)) void presence.refresh(true);
  }

  async function onConnection(peer: Peer) {
    peers.add(peer);
    peer.socket.on("pong", () => {
      peer.isAlive = true;
    });
    peer.socket.on("close", () => {
      peer.gate.stop();
      forget(peer);
    });
    peer.socket.on("error", () => peer.socket.terminate());
    peer.socket.on("message", (data) => peer.gate.receive(String(data)));
    try {
      if (peer.kind === "staff") {
        if (countStaffSockets(peer.staff.id) === 1) await presence.refresh(true);
      } else {
        const conversation = await findVisitorConversation(db, peer.visitorId);
        peer.conversationId = conversation?.id;
      }
      send(peer, { type: "welcome", role: peer.kind, staffOnline: await presence.isOnline() });
    } catch (error) {
      log.warn("chat socket: could not greet a connection", error);
      endPeer(peer, 1011, "unavailable");
    }
  }

  function countStaffSockets(staffId: string) {
    let count = 0;
    for (const peer of peers) if (peer.kind === "staff" && peer.staff.id === staffId) count++;
    return count;
  }

  function hasStaffSocket(staffId: string) {
    return countStaffSockets(staffId) > 0;
  }

  async function onFrame(peer: Peer, frame: ClientFrame) {
    try {
      // A staff member's own message counts as activity on the session, as a page would.
      if (
        peer.kind === "staff" &&
        !(await sessionWatch.ensure(peer, { touch: frame.type === "send" }))
      )
        return;
      await answerFrame({ database, sender: peer, frame, reply: (answer) => send(peer, answer) });
    } catch (error) {
      log.warn("chat socket: a frame failed", error);
      send(peer, { type: "error", error: "Something went wrong. Please try again." });
    }
  }

  /** Hands a frame to a staff socket once its session is known to hold, in arrival order. */
  function deliverToStaff(peer: StaffPeer, frame: ServerFrame) {
    peer.deliveries = peer.deliveries.then(async () => {
      if (await sessionWatch.ensure(peer)) send(peer, frame);
    });
  }

  async function onEvent(event: ChatEvent) {
    if (event.type === "presence") return presence.refresh(false);
    if (event.type === "conversation") {
      for (const peer of peers)
        if (peer.kind === "staff")
          deliverToStaff(peer, { type: "conversation", conversationId: event.conversationId });
      return;
    }
    const message =
      event.message ??
      (await findMessage(db, { conversationId: event.conversationId, seq: event.seq }));
    if (!message) return;
    for (const peer of peers) {
      if (peer.kind === "staff") deliverToStaff(peer, { type: "message", message });
      else if (peer.visitorId === event.visitorId) {
        peer.conversationId = event.conversationId;
        send(peer, { type: "message", message });
      }
    }
  }

  /** A session ended or a role changed, on any instance or from the shell: check its sockets. */
  function onSessionChange(payload: string) {
    const change = parseSessionChange(payload);
    if (!change) return;
    for (const peer of peers)
      if (
        peer.kind === "staff" &&
        (change.userId === "*" ||
          peer.sessionId === change.sessionId ||
          peer.staff.id === change.userId)
      )
        void sessionWatch.ensure(peer, { force: true });
  }

  async function heartbeat() {
    for (const peer of peers) {
      if (!peer.isAlive) {
        peer.socket.terminate();
        continue;
      }
      peer.isAlive = false;
      peer.socket.ping();
      // Sessions also end by time (absolute limit, idle): no event announces that.
      if (peer.kind === "staff") void sessionWatch.ensure(peer, { force: true });
    }
    const staffIds = [...peers].filter((peer) => peer.kind === "staff");
    // Presence rows only need refreshing while this instance has staff (or just had them).
    if (!isClosed) await presence.refresh(staffIds.length > 0 || presence.wasOnline());
  }
  /** The heartbeat under way, which closing waits for: it must not reach a closed database. */
  let beating: Promise<void> = Promise.resolve();

  const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void onUpgrade(request, socket, head);
  };
  server.on("upgrade", upgradeListener);

  const ready = Promise.all([
    database.listen(CHAT_CHANNEL, (payload) => {
      const event = parseChatEvent(payload);
      if (event) void onEvent(event).catch((error) => log.warn("chat event failed", error));
    }),
    database.listen(SESSION_CHANGES_CHANNEL, onSessionChange),
  ]);
  const timer = setInterval(() => {
    beating = heartbeat().catch((error) => log.warn("chat heartbeat failed", error));
  }, heartbeatMs);
  timer.unref();

  return {
    /** Resolves once this instance hears chat events and session changes. */
    ready: ready.then(() => undefined),
    /** Closes every socket and withdraws this instance's staff presence. */
    async close() {
      if (isClosed) return;
      isClosed = true;
      clearInterval(timer);
      await beating;
      server.off("upgrade", upgradeListener);
      const stops = await ready.catch(() => []);
      for (const stop of stops) await stop();
      const hadStaff = [...peers].some((peer) => peer.kind === "staff");
      for (const peer of peers) {
        peer.gate.stop();
        peer.socket.close(1001, "server shutting down");
      }
      peers.clear();
      wss.close();
      await presence.withdraw({ hadStaff });
    },
  };
}

export type ChatSocket = ReturnType<typeof attachChatSocket>;
