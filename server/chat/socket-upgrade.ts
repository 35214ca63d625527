import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Env } from "#server/env.ts";
import { SESSION_END_CLOSE, type StaffSessions, type WatchedSession } from "./staff-sessions";
import { readVisitorId } from "./visitor-cookie";

/** Who opens a chat socket: a visitor by their signed cookie, or a staff member by session. */
export type Identity =
  | { kind: "visitor"; visitorId: string }
  | (Omit<WatchedSession, "checking"> & { kind: "staff" })
  /** Staff without a usable session: opened and closed with this code and reason. */
  | { kind: "refused"; close: [number, string] };

export async function identifyUpgrade({
  request,
  address,
  env,
  staffSessions,
}: {
  request: IncomingMessage;
  address: string;
  env: Pick<Env, "AUTH_SECRET">;
  staffSessions: StaffSessions;
}): Promise<Identity | undefined> {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.searchParams.get("as") !== "staff") {
    const visitorId = readVisitorId(request.headers.cookie, env.AUTH_SECRET);
    return visitorId ? { kind: "visitor", visitorId } : undefined;
  }
  const webRequest = toWebRequest(request);
  const access = await staffSessions.authenticate(webRequest, address);
  // A refused upgrade looks like a network error to a browser, which would retry forever:
  // the staff screen needs the close code to say "signed out" and stop.
  if (access.state !== "valid") {
    const [code, reason] = SESSION_END_CLOSE[access.state];
    return { kind: "refused", close: [code, reason] };
  }
  return {
    kind: "staff",
    staff: access.staff,
    sessionId: access.sessionId,
    request: webRequest,
    address,
    checkedAt: Date.now(),
    isEnded: false,
  };
}

/** The upgrade request as a fetch Request, for the session guard. */
function toWebRequest(request: IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const host = request.headers.host ?? "localhost";
  return new Request(new URL(request.url ?? "/", `http://${host}`), { headers });
}

/** Browsers always send Origin on a WebSocket: another site must not ride on our cookies. */
export function isSameOrigin(request: IncomingMessage, publicUrl: string) {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

/** Answers an upgrade with a plain HTTP status and hangs up. */
export function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
