import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import {
  CONNECTION_LIMITS,
  TOO_MANY_FOR_ADDRESS,
  TOO_MANY_FOR_VISITOR,
} from "#server/chat/connection-caps.ts";
import { FRAME_LIMITS, MAX_FRAME_BYTES, REFUSAL_LIMIT } from "#server/chat/frame-limits.ts";
import { signVisitorId } from "#server/chat/visitor-cookie.ts";
import { chatMessages } from "#server/db/schema/index.ts";
import type { ServerFrame } from "#shared/chat.ts";
import { connect, startChatInstance, TEST_SECRET } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

let counter = 0;
const newVisitor = () => `limits-visitor-${process.pid}-${Date.now()}-${counter++}`;
const visitorCookie = (visitorId: string) =>
  `fr_chat=${encodeURIComponent(signVisitorId(visitorId, TEST_SECRET))}`;

/** Opens a socket and says how it went: welcomed (and left open), or closed with a code and reason. */
function openSocket(url: string, headers: Record<string, string>) {
  return new Promise<{ socket: WebSocket; welcomed: boolean; code?: number; reason?: string }>(
    (resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once("message", (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        resolve({ socket, welcomed: frame.type === "welcome" });
      });
      socket.once("close", (code, reason) =>
        resolve({ socket, welcomed: false, code, reason: String(reason) }),
      );
      socket.once("error", reject);
    },
  );
}

/** Opens `total` sockets, `batch` at a time. */
async function openMany(
  total: number,
  batch: number,
  open: (index: number) => ReturnType<typeof openSocket>,
) {
  const results: Awaited<ReturnType<typeof openSocket>>[] = [];
  for (let start = 0; start < total; start += batch) {
    const size = Math.min(batch, total - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => open(start + i)))));
  }
  return results;
}

describeEachDatabase("chat socket limits", (get) => {
  let instance: Awaited<ReturnType<typeof startChatInstance>>;
  let httpAnswers = 0;

  beforeAll(async () => {
    // The HTTP side asks the same database, as /login would.
    instance = await startChatInstance(get(), {
      heartbeatMs: 60_000,
      onRequest: (_request, response) => {
        void get()
          .db.select({ total: count() })
          .from(chatMessages)
          .then(([row]) => {
            httpAnswers++;
            response.end(String(row.total));
          });
      },
    });
  });
  afterAll(async () => {
    await instance?.close();
  });

  it("throttles and then closes a socket flooded with 20,000 sync frames; HTTP still answers", async () => {
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.send({ type: "send", body: "A real question first", clientId: "q1" });
    await visitor.next("ack");

    const startedAt = performance.now();
    const frame = JSON.stringify({ type: "sync", afterSeq: 0 });
    for (let index = 0; index < 20_000; index++) visitor.socket.send(frame);
    const page = fetch(`${instance.httpUrl}/login`).then((response) => response.text());

    const closed = await visitor.closed;
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    expect(closed).toEqual({ code: 1008, reason: "too many messages" });
    await expect(page).resolves.toBe("1");
    expect(httpAnswers).toBeGreaterThan(0);

    // What the server did for those 20,000 frames: a bucket's worth of answers and a few refusals.
    const answered = visitor.frames.filter((frame) => frame.type === "messages");
    const refused = visitor.frames.filter((frame) => frame.type === "error");
    const refill = Math.ceil(elapsedSeconds * FRAME_LIMITS.sync.perSecond);
    expect(answered.length).toBeLessThanOrEqual(FRAME_LIMITS.sync.burst + refill);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(
      REFUSAL_LIMIT.burst + Math.ceil(elapsedSeconds * REFUSAL_LIMIT.perSecond),
    );
    expect(refused[0]).toMatchObject({ error: expect.stringMatching(/too quickly/) });
  });

  it("handles a socket's frames one after another: a sync sent right after a message sees it", async () => {
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.send({ type: "send", body: "First", clientId: "f1" });
    visitor.send({ type: "sync", afterSeq: 0 });
    const ack = await visitor.next("ack");
    const synced = await visitor.next("messages");
    expect(synced.messages.map((message) => message.id)).toEqual([ack.message.id]);
    visitor.close();
  });

  it("closes a socket that sends a frame larger than the limit", async () => {
    const visitor = await connect(instance.url, { visitorId: newVisitor() });
    await visitor.next("welcome");
    visitor.socket.send("x".repeat(MAX_FRAME_BYTES + 1));
    const closed = await visitor.closed;
    expect(closed.code).toBe(1009);
  });

  it("refuses sockets past the per-visitor cap (3,000 with one cookie) with a reason, and frees slots on close", async () => {
    const cookie = visitorCookie(newVisitor());
    const results = await openMany(3000, 250, () => openSocket(instance.url, { cookie }));
    const open = results.filter((result) => result.welcomed);
    const refused = results.filter((result) => !result.welcomed);
    expect(open).toHaveLength(CONNECTION_LIMITS.perVisitor);
    expect(refused).toHaveLength(3000 - CONNECTION_LIMITS.perVisitor);
    for (const result of refused) {
      expect(result.code).toBe(1008);
      expect(result.reason).toBe(TOO_MANY_FOR_VISITOR);
    }
    // Closing one frees its place.
    const closedOne = new Promise((resolve) => open[0].socket.once("close", resolve));
    open[0].socket.close();
    await closedOne;
    const again = await openSocket(instance.url, { cookie });
    expect(again.welcomed).toBe(true);
    for (const result of [...open, again]) result.socket.close();
  }, 120_000);

  it("refuses sockets past the per-address cap, whatever the cookies", async () => {
    const extra = 5;
    const results = await openMany(CONNECTION_LIMITS.perAddress + extra, 25, () =>
      openSocket(instance.url, { cookie: visitorCookie(newVisitor()) }),
    );
    expect(results.filter((result) => result.welcomed)).toHaveLength(CONNECTION_LIMITS.perAddress);
    const refused = results.filter((result) => !result.welcomed);
    expect(refused.map((result) => [result.code, result.reason])).toEqual(
      Array.from({ length: extra }, () => [1008, TOO_MANY_FOR_ADDRESS]),
    );
    for (const result of results) result.socket.close();
  });
});

describeEachDatabase("chat socket behind a proxy (TRUST_PROXY=1)", (get) => {
  it("counts the address the proxy appended, not the left-most one the client wrote", async () => {
    const limit = 3;
    const capped = await startChatInstance(get(), {
      env: { TRUST_PROXY: { mode: "hops", hops: 1 } },
      connectionLimits: { perAddress: limit },
      heartbeatMs: 60_000,
    });
    try {
      const results = await openMany(limit + 4, 10, (index) =>
        openSocket(capped.url, {
          cookie: visitorCookie(newVisitor()),
          "x-forwarded-for": `198.51.100.${index + 1}, 203.0.113.9`,
        }),
      );
      expect(results.filter((result) => result.welcomed)).toHaveLength(limit);
      expect(results.filter((result) => result.reason === TOO_MANY_FOR_ADDRESS)).toHaveLength(4);
      // Another client behind the same proxy has its own count.
      const other = await openSocket(capped.url, {
        cookie: visitorCookie(newVisitor()),
        "x-forwarded-for": "203.0.113.10",
      });
      expect(other.welcomed).toBe(true);
      for (const result of [...results, other]) result.socket.close();
    } finally {
      await capped.close();
    }
  });
});
