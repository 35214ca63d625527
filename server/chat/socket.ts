import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { requireRole } from "#server/auth/guard.ts";
import type { StaffUser } from "#server/auth/roles.ts";
import { resolveClientAddress } from "#server/client-address.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import {
  CHAT_SOCKET_PATH,
  type ClientFrame,
  clientFrameSchema,
  type ServerFrame,
} from "#shared/chat.ts";
import { findMessage, findMessages, findVisitorConversation } from "./conversation-queries";
import { CHAT_CHANNEL, type ChatEvent, parseChatEvent, publishChatEvent } from "./events";
import { isStaffOnline, recordPresence } from "./presence";
import { markReadByStaff, markReadByVisitor } from "./read-marks";
import { sendStaffMessage } from "./staff-messages";
import { readVisitorId } from "./visitor-cookie";
import { sendVisitorMessage } from "./visitor-messages";

export type ChatSocketOptions = {
  database: Database;
  env: Env;
  /** How often presence is refreshed and dead sockets are dropped. */
  heartbeatMs?: number;
  /** Who the upgrade request belongs to, when staff; defaults to the admin guard. */
  authenticateStaff?: (request: Request, address: string) => Promise<StaffUser | undefined>;
};

type Peer = {
  socket: WebSocket;
  address: string;
  isAlive: boolean;
} & (
  | { kind: "visitor"; visitorId: string; conversationId?: string }
  | { kind: "staff"; staff: StaffUser; request: Request }
);

/**
 * The chat's WebSocket endpoint on the app's own HTTP server. Messages are
 * stored by the domain functions first; delivery follows the NOTIFY every
 * instance receives, so a socket on any instance gets every message once.
 */
export function attachChatSocket(server: Server, options: ChatSocketOptions) {
  const { database, env } = options;
  const db = database.db;
  const instanceId = randomUUID();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const peers = new Set<Peer>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  let staffOnline: boolean | undefined;
  let isClosed = false;

  const authenticateStaff =
    options.authenticateStaff ??
    (async (request: Request, address: string) => {
      try {
        // Only what the guard reads; the request-scoped fields do not apply to a socket.
        const context = { db, database, env, nonce: "", clientAddress: address, outcome: {} };
        return await requireRole({ request, context: context as unknown as AppContext }, "admin");
      } catch {
        return undefined;
      }
    });

  function toRequest(request: IncomingMessage) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const host = request.headers.host ?? "localhost";
    return new Request(new URL(request.url ?? "/", `http://${host}`), { headers });
  }

  /** Browsers always send Origin on a WebSocket: another site must not ride on our cookies. */
  function isSameOrigin(request: IncomingMessage) {
    const origin = request.headers.origin;
    if (!origin) return true;
    try {
      const host = new URL(origin).host;
      return host === request.headers.host || host === new URL(env.PUBLIC_URL).host;
    } catch {
      return false;
    }
  }

  function refuse(socket: Duplex, status: number, text: string) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== CHAT_SOCKET_PATH) return;
    if (isClosed) return refuse(socket, 503, "Service Unavailable");
    if (!isSameOrigin(request)) return refuse(socket, 403, "Forbidden");
    const address = resolveClientAddress(request, env.TRUST_PROXY);
    let identity:
      | { kind: "visitor"; visitorId: string }
      | { kind: "staff"; staff: StaffUser; request: Request };
    try {
      if (url.searchParams.get("as") === "staff") {
        const webRequest = toRequest(request);
        const staff = await authenticateStaff(webRequest, address);
        if (!staff) return refuse(socket, 401, "Unauthorized");
        identity = { kind: "staff", staff, request: webRequest };
      } else {
        const visitorId = readVisitorId(request.headers.cookie, env.AUTH_SECRET);
        if (!visitorId) return refuse(socket, 401, "Unauthorized");
        identity = { kind: "visitor", visitorId };
      }
    } catch (error) {
      log.warn("chat socket: could not identify a connection", error);
      return refuse(socket, 500, "Internal Server Error");
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const peer = { ...identity, socket: ws, address, isAlive: true } as Peer;
      void onConnection(peer);
    });
  }

  function send(peer: Peer, frame: ServerFrame) {
    if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(frame));
  }

  async function onConnection(peer: Peer) {
    peers.add(peer);
    peer.socket.on("pong", () => {
      peer.isAlive = true;
    });
    peer.socket.on("close", () => {
      peers.delete(peer);
      if (peer.kind === "staff" && !hasStaffSocket(peer.staff.id)) void refreshPresence(true);
    });
    peer.socket.on("error", () => peer.socket.terminate());
    peer.socket.on("message", (data) => {
      void onFrame(peer, String(data)).catch((error) => {
        log.warn("chat socket: a frame failed", error);
        send(peer, { type: "error", error: "Something went wrong. Please try again." });
      });
    });
    try {
      if (peer.kind === "staff") {
        if (countStaffSockets(peer.staff.id) === 1) await refreshPresence(true);
      } else {
        const conversation = await findVisitorConversation(db, peer.visitorId);
        peer.conversationId = conversation?.id;
      }
      staffOnline ??= await isStaffOnline(db);
      send(peer, { type: "welcome", role: peer.kind, staffOnline: staffOnline });
    } catch (error) {
      log.warn("chat socket: could not greet a connection", error);
      peer.socket.close(1011, "unavailable");
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

  async function onFrame(peer: Peer, raw: string) {
    let frame: ClientFrame;
    try {
      frame = clientFrameSchema.parse(JSON.parse(raw));
    } catch {
      send(peer, { type: "error", error: "That message could not be read." });
      return;
    }
    if (frame.type === "ping") return send(peer, { type: "pong" });

    if (frame.type === "sync") {
      const conversationId = peer.kind === "visitor" ? peer.conversationId : frame.conversationId;
      if (peer.kind === "visitor" && !conversationId) {
        const conversation = await findVisitorConversation(db, peer.visitorId);
        peer.conversationId = conversation?.id;
      }
      const id = peer.kind === "visitor" ? peer.conversationId : conversationId;
      if (!id) return send(peer, { type: "messages", conversationId: "", messages: [] });
      const messages = await findMessages(db, { conversationId: id, afterSeq: frame.afterSeq });
      return send(peer, { type: "messages", conversationId: id, messages });
    }

    if (frame.type === "read") {
      if (peer.kind === "visitor") await markReadByVisitor(database, peer.visitorId);
      else if (frame.conversationId) await markReadByStaff(database, frame.conversationId);
      return;
    }

    try {
      if (peer.kind === "visitor") {
        const { conversation, message } = await sendVisitorMessage({
          database,
          visitorId: peer.visitorId,
          body: frame.body,
          address: peer.address,
        });
        peer.conversationId = conversation.id;
        send(peer, { type: "ack", clientId: frame.clientId, message });
      } else {
        // A session can end while the socket stays open: check again before each reply.
        const staff = await authenticateStaff(peer.request, peer.address);
        if (!staff) {
          send(peer, {
            type: "error",
            clientId: frame.clientId,
            error: "Your session has ended. Sign in again.",
          });
          peer.socket.close(4401, "signed out");
          return;
        }
        if (!frame.conversationId) throw new AppError("INVALID", "Choose a conversation first.");
        const message = await sendStaffMessage({
          database,
          staff,
          conversationId: frame.conversationId,
          body: frame.body,
        });
        send(peer, { type: "ack", clientId: frame.clientId, message });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(peer, { type: "error", clientId: frame.clientId, error: error.message });
    }
  }

  async function onEvent(event: ChatEvent) {
    if (event.type === "presence") return refreshPresence(false);
    if (event.type === "conversation") {
      for (const peer of peers)
        if (peer.kind === "staff")
          send(peer, { type: "conversation", conversationId: event.conversationId });
      return;
    }
    const message =
      event.message ??
      (await findMessage(db, { conversationId: event.conversationId, seq: event.seq }));
    if (!message) return;
    for (const peer of peers) {
      if (peer.kind === "staff") send(peer, { type: "message", message });
      else if (peer.visitorId === event.visitorId) {
        peer.conversationId = event.conversationId;
        send(peer, { type: "message", message });
      }
    }
  }

  /** Writes this instance's staff sockets (when asked) and tells visitors when "online" changes. */
  async function refreshPresence(shouldRecord: boolean) {
    if (isClosed) return;
    try {
      if (shouldRecord) {
        const staffIds = [
          ...new Set([...peers].flatMap((peer) => (peer.kind === "staff" ? [peer.staff.id] : []))),
        ];
        await recordPresence(db, { instanceId, staffIds });
        await publishChatEvent(database, { type: "presence" });
      }
      const isOnline = await isStaffOnline(db);
      if (isOnline === staffOnline) return;
      staffOnline = isOnline;
      for (const peer of peers)
        if (peer.kind === "visitor") send(peer, { type: "presence", staffOnline: isOnline });
    } catch (error) {
      log.warn("chat presence could not be refreshed", error);
    }
  }

  async function heartbeat() {
    for (const peer of peers) {
      if (!peer.isAlive) {
        peer.socket.terminate();
        continue;
      }
      peer.isAlive = false;
      peer.socket.ping();
    }
    const staffIds = [...peers].filter((peer) => peer.kind === "staff");
    // Presence rows only need refreshing while this instance has staff (or just had them).
    await refreshPresence(staffIds.length > 0 || staffOnline === true);
  }

  const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void onUpgrade(request, socket, head);
  };
  server.on("upgrade", upgradeListener);

  const ready = database.listen(CHAT_CHANNEL, (payload) => {
    const event = parseChatEvent(payload);
    if (event) void onEvent(event).catch((error) => log.warn("chat event failed", error));
  });
  const timer = setInterval(() => void heartbeat(), heartbeatMs);
  timer.unref();

  return {
    /** Resolves once this instance hears chat events. */
    ready: ready.then(() => undefined),
    /** Closes every socket and withdraws this instance's staff presence. */
    async close() {
      if (isClosed) return;
      isClosed = true;
      clearInterval(timer);
      server.off("upgrade", upgradeListener);
      const stop = await ready.catch(() => undefined);
      await stop?.();
      const hadStaff = [...peers].some((peer) => peer.kind === "staff");
      for (const peer of peers) peer.socket.close(1001, "server shutting down");
      peers.clear();
      wss.close();
      if (hadStaff) {
        try {
          await recordPresence(db, { instanceId, staffIds: [] });
          await publishChatEvent(database, { type: "presence" });
        } catch (error) {
          log.warn("chat presence could not be withdrawn", error);
        }
      }
    },
  };
}

export type ChatSocket = ReturnType<typeof attachChatSocket>;
