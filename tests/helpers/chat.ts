import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { Role, StaffUser } from "#server/auth/roles.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { ConnectionLimits } from "#server/chat/connection-caps.ts";
import { attachChatSocket, type ChatSocketOptions } from "#server/chat/socket.ts";
import type { StaffSessions } from "#server/chat/staff-sessions.ts";
import { signVisitorId } from "#server/chat/visitor-cookie.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { ServerFrame } from "#shared/chat.ts";
import { CHAT_SOCKET_PATH } from "#shared/chat.ts";
import { budget } from "./time-budget.ts";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export const testStaff: StaffUser = {
  id: "staff-1",
  email: "ada@frontier.test",
  name: "Ada",
  role: "admin",
};

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    NODE_ENV: "test",
    PORT: 0,
    HOST: "127.0.0.1",
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: "/tmp",
    AUTH_SECRET: TEST_SECRET,
    MAIL_FROM: "Frontier <hello@frontier.localhost>",
    LOG_LEVEL: "silent",
    SESSION_MAX_HOURS: 12,
    SESSION_IDLE_MINUTES: 30,
    TRUST_PROXY: { mode: "none" },
    ...overrides,
  } as Env;
}

/** Staff are whoever sends the header x-test-staff: for tests about delivery, not sessions. */
const headerStaff: StaffSessions = {
  async authenticate(request) {
    return request.headers.get("x-test-staff") === "yes"
      ? { state: "valid", staff: testStaff, sessionId: "test-session" }
      : { state: "signed-out" };
  },
  async check() {
    return "valid";
  },
};

export type ChatInstanceOptions = {
  heartbeatMs?: number;
  /** "header" (default): x-test-staff; "sessions": real sign-ins, checked as in production. */
  staff?: "header" | "sessions";
  sessionCheckMs?: number;
  connectionLimits?: Partial<ConnectionLimits>;
  env?: Partial<Env>;
  /** Answers plain HTTP requests (the chat socket shares the server with the app). */
  onRequest?: RequestListener;
};

/**
 * A bare HTTP server with the chat socket attached. Its staff are whoever sends the
 * header x-test-staff, or, with `staff: "sessions"`, whoever holds a real session cookie.
 */
export async function startChatInstance(database: Database, options: ChatInstanceOptions = {}) {
  const server: Server = createServer(
    options.onRequest ??
      ((_request, response) => {
        response.statusCode = 404;
        response.end();
      }),
  );
  const socketOptions: ChatSocketOptions = {
    database,
    env: testEnv(options.env),
    heartbeatMs: options.heartbeatMs ?? 200,
    sessionCheckMs: options.sessionCheckMs,
    connectionLimits: options.connectionLimits,
    staffSessions: options.staff === "sessions" ? undefined : headerStaff,
  };
  const chat = attachChatSocket(server, socketOptions);
  await chat.ready;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`,
    httpUrl: `http://127.0.0.1:${port}`,
    async close() {
      await chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let staffCounter = 0;

/** A staff account signed in for real: its session cookie, as the browser would hold it. */
export async function signInStaff(database: Database, role: Role = "admin") {
  const email = `chat-staff-${process.pid}-${Date.now()}-${staffCounter++}@frontier.test`;
  const password = "a long chat staff password";
  const user = await createStaffUser({ db: database.db }, { email, password, role });
  const context = { db: database.db, env: testEnv(), clientAddress: "127.0.0.1" };
  const { headers } = await signIn(context, {
    email,
    password,
    request: new Request("http://127.0.0.1/login", { method: "POST" }),
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { id: user.id, email, cookie, context };
}

export type TestSocket = Awaited<ReturnType<typeof connect>>;

/** Opens a socket and collects what the server sends; `next` waits for a matching frame. */
export async function connect(
  url: string,
  options: {
    visitorId?: string;
    staff?: boolean;
    /** A session cookie (from signInStaff); opens a staff socket. */
    cookie?: string;
    origin?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.visitorId)
    headers.cookie = `fr_chat=${encodeURIComponent(signVisitorId(options.visitorId, TEST_SECRET))}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  if (options.staff) headers["x-test-staff"] = "yes";
  const asStaff = options.staff || options.cookie !== undefined;
  const socket = new WebSocket(asStaff ? `${url}?as=staff` : url, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const frames: ServerFrame[] = [];
  const waiters: Array<{
    test: (frame: ServerFrame) => boolean;
    resolve: (frame: ServerFrame) => void;
  }> = [];
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.test(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
  });
  function next<T extends ServerFrame["type"]>(
    type: T,
    test: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const matches = (frame: ServerFrame) =>
      frame.type === type && test(frame as Extract<ServerFrame, { type: T }>);
    const seen = frames.find(matches);
    if (seen) {
      frames.splice(frames.indexOf(seen), 1);
      return Promise.resolve(seen as Extract<ServerFrame, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${type} frame within ${timeoutMs} ms; saw ${JSON.stringify(frames)}`),
          ),
        budget(timeoutMs),
      );
      waiters.push({
        test: matches,
        resolve: (frame) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(frame), 1);
          resolve(frame as Extract<ServerFrame, { type: T }>);
        },
      });
    });
  }
  return {
    socket,
    frames,
    next,
    /** Resolves with the close code and reason once the socket has closed. */
    closed,
    send(frame: unknown) {
      socket.send(JSON.stringify(frame));
    },
    close() {
      socket.close();
    },
  };
}
