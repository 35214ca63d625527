import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { StaffUser } from "#server/auth/roles.ts";
import { attachChatSocket } from "#server/chat/socket.ts";
import { signVisitorId } from "#server/chat/visitor-cookie.ts";
import type { Database } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { ServerFrame } from "#shared/chat.ts";
import { CHAT_SOCKET_PATH } from "#shared/chat.ts";

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
    ...overrides,
  } as Env;
}

/**
 * A bare HTTP server with the chat socket attached: staff are whoever sends
 * the header x-test-staff (the real guard reads the session instead).
 */
export async function startChatInstance(database: Database, heartbeatMs = 200) {
  const server: Server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  const chat = attachChatSocket(server, {
    database,
    env: testEnv(),
    heartbeatMs,
    authenticateStaff: async (request) =>
      request.headers.get("x-test-staff") === "yes" ? testStaff : undefined,
  });
  await chat.ready;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`,
    async close() {
      await chat.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestSocket = Awaited<ReturnType<typeof connect>>;

/** Opens a socket and collects what the server sends; `next` waits for a matching frame. */
export async function connect(
  url: string,
  options: { visitorId?: string; staff?: boolean; origin?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.visitorId)
    headers.cookie = `fr_chat=${encodeURIComponent(signVisitorId(options.visitorId, TEST_SECRET))}`;
  if (options.origin) headers.origin = options.origin;
  if (options.staff) headers["x-test-staff"] = "yes";
  const socket = new WebSocket(options.staff ? `${url}?as=staff` : url, { headers });
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
        timeoutMs,
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
    send(frame: unknown) {
      socket.send(JSON.stringify(frame));
    },
    close() {
      socket.close();
    },
  };
}
