/**
 * Chat delivery time: from a visitor's socket sending a message to the staff member's socket
 * receiving it, one message at a time (so each figure is delivery, not queueing).
 */
import WebSocket from "ws";
import { CHAT_HTTP_PATH, CHAT_SOCKET_PATH, type ServerFrame } from "#shared/chat.ts";

const VISITORS = 20;
const MESSAGES_EACH = 10;

type Socket = { socket: WebSocket; waitFor(test: (frame: ServerFrame) => boolean): Promise<void> };

async function open(url: string, headers: Record<string, string>): Promise<Socket> {
  const socket = new WebSocket(url, { headers });
  const waiters: Array<{ test: (frame: ServerFrame) => boolean; done: () => void }> = [];
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    for (const waiter of [...waiters])
      if (waiter.test(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
  });
  const welcomed = new Promise<void>((done) =>
    waiters.push({ test: (f) => f.type === "welcome", done }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`chat socket refused with ${response.statusCode}`)),
    );
  });
  await welcomed;
  return {
    socket,
    waitFor: (test) =>
      new Promise<void>((done, reject) => {
        const timer = setTimeout(() => reject(new Error("no chat frame within 10 s")), 10_000);
        waiters.push({
          test,
          done: () => {
            clearTimeout(timer);
            done();
          },
        });
      }),
  };
}

/** The product must run with TRUST_PROXY=1: each visitor comes from its own address. */
export async function measureChatDelivery(baseUrl: string, staffCookie: string) {
  const socketUrl = `${baseUrl.replace(/^http/, "ws")}${CHAT_SOCKET_PATH}`;
  const staff = await open(`${socketUrl}?as=staff`, { Cookie: staffCookie });
  const samples: number[] = [];
  try {
    for (let visitor = 0; visitor < VISITORS; visitor++) {
      const address = `198.51.100.${visitor + 1}`;
      const cookieResponse = await fetch(`${baseUrl}${CHAT_HTTP_PATH}`, {
        headers: { "X-Forwarded-For": address },
      });
      await cookieResponse.arrayBuffer();
      const cookie = cookieResponse.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .find((value) => value.startsWith("fr_chat="));
      if (!cookie) throw new Error(`no visitor cookie from ${CHAT_HTTP_PATH}`);
      const client = await open(socketUrl, { Cookie: cookie, "X-Forwarded-For": address });
      for (let message = 0; message < MESSAGES_EACH; message++) {
        const body = `Bench message ${visitor}-${message} ${Date.now()}`;
        const delivered = staff.waitFor(
          (frame) => frame.type === "message" && frame.message.body === body,
        );
        const sentAt = performance.now();
        client.socket.send(
          JSON.stringify({ type: "send", body, clientId: `${visitor}-${message}` }),
        );
        await delivered;
        samples.push(performance.now() - sentAt);
      }
      client.socket.close();
    }
  } finally {
    staff.socket.close();
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) =>
    samples[Math.min(samples.length - 1, Math.floor(share * samples.length))];
  return { count: samples.length, p50: at(0.5), p95: at(0.95), max: samples.at(-1) ?? 0 };
}
