import { describe, expect, it } from "vitest";
import type { ClientFrame } from "#shared/chat.ts";
import {
  createFrameGate,
  FRAME_LIMITS,
  MAX_PENDING_FRAMES,
  REFUSAL_LIMIT,
  TokenBucket,
} from "./frame-limits";

const sync = JSON.stringify({ type: "sync", afterSeq: 0 });
const ping = JSON.stringify({ type: "ping" });

/** A gate on a clock the test moves, recording what it did. */
function gateOnClock({
  holdFrames = false,
  limits,
}: {
  holdFrames?: boolean;
  limits?: Parameters<typeof createFrameGate>[0]["limits"];
} = {}) {
  let clock = 1_000_000;
  const handled: ClientFrame[] = [];
  const refused: string[] = [];
  const events: string[] = [];
  const pending: Array<() => void> = [];
  let closes = 0;
  const gate = createFrameGate({
    now: () => clock,
    handle: async (frame) => {
      handled.push(frame);
      events.push(`start ${frame.type}`);
      if (holdFrames) await new Promise<void>((resolve) => pending.push(resolve));
      events.push(`end ${frame.type}`);
    },
    refuse: (reason) => refused.push(reason),
    close: () => {
      closes++;
    },
    pause: () => events.push("pause"),
    resume: () => events.push("resume"),
    limits,
  });
  return {
    gate,
    handled,
    refused,
    events,
    closes: () => closes,
    advance(ms: number) {
      clock += ms;
    },
    /** Lets the frame being handled finish. */
    async finishOne() {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("TokenBucket", () => {
  it("allows a burst, then refills at its rate, never above the burst", () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0);
    expect([1, 2, 3, 4].map(() => bucket.take(0))).toEqual([true, true, true, false]);
    expect(bucket.take(499)).toBe(false);
    expect(bucket.take(500)).toBe(true);
    expect(bucket.take(500)).toBe(false);
    // A long pause refills to the burst only.
    expect([1, 2, 3, 4].map(() => bucket.take(60_000))).toEqual([true, true, true, false]);
  });

  it("does not refill when the clock goes backwards", () => {
    const bucket = new TokenBucket({ burst: 1, perSecond: 1 }, 10_000);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.take(5_000)).toBe(false);
  });
});

describe("createFrameGate", () => {
  it("handles one frame at a time and reads no more while one is handled", async () => {
    const test = gateOnClock({ holdFrames: true });
    test.gate.receive(sync);
    test.gate.receive(ping);
    expect(test.events).toEqual(["pause", "start sync"]);
    await test.finishOne();
    expect(test.events).toEqual(["pause", "start sync", "end sync", "start ping"]);
    await test.finishOne();
    expect(test.events.at(-1)).toBe("resume");
    expect(test.handled.map((frame) => frame.type)).toEqual(["sync", "ping"]);
  });

  it("refuses frames past the pending queue while one is handled", async () => {
    const test = gateOnClock({ holdFrames: true, limits: { ping: { burst: 100, perSecond: 0 } } });
    for (let index = 0; index < 1 + MAX_PENDING_FRAMES + 2; index++) test.gate.receive(ping);
    expect(test.handled).toHaveLength(1);
    expect(test.refused).toEqual(["too-fast", "too-fast"]);
    for (let index = 0; index < 1 + MAX_PENDING_FRAMES; index++) await test.finishOne();
    expect(test.handled).toHaveLength(1 + MAX_PENDING_FRAMES);
  });

  it("answers each frame type within its own bucket, refusing the rest", async () => {
    const test = gateOnClock();
    for (let index = 0; index < FRAME_LIMITS.sync.burst + 2; index++) {
      test.gate.receive(sync);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(test.handled).toHaveLength(FRAME_LIMITS.sync.burst);
    expect(test.refused).toEqual(["too-fast", "too-fast"]);
    // Another type has its own bucket.
    test.gate.receive(ping);
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.handled.at(-1)?.type).toBe("ping");
    // Time refills the bucket.
    test.advance(1000 / FRAME_LIMITS.sync.perSecond);
    test.gate.receive(sync);
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.handled.filter((frame) => frame.type === "sync")).toHaveLength(
      FRAME_LIMITS.sync.burst + 1,
    );
  });

  it("closes a socket that keeps going past its limits, and handles nothing after", async () => {
    const test = gateOnClock();
    // As fast as a socket can deliver them: one in hand, a few waiting, the rest refused.
    for (let index = 0; index < 20_000; index++) test.gate.receive(sync);
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.refused).toHaveLength(REFUSAL_LIMIT.burst);
    expect(test.closes()).toBe(1);
    expect(test.handled.length).toBeLessThanOrEqual(1 + MAX_PENDING_FRAMES);
    const handled = test.handled.length;
    test.advance(60_000);
    test.gate.receive(ping);
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.handled).toHaveLength(handled);
  });

  it("closes a socket that sends as fast as its frames are answered, once its bucket is empty", async () => {
    const test = gateOnClock();
    for (let index = 0; index < 20_000 && test.closes() === 0; index++) {
      test.gate.receive(sync);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(test.handled).toHaveLength(FRAME_LIMITS.sync.burst);
    expect(test.refused).toHaveLength(REFUSAL_LIMIT.burst);
    expect(test.closes()).toBe(1);
  });

  it("answers unreadable frames, within their own small bucket", async () => {
    const test = gateOnClock();
    test.gate.receive("not json");
    test.gate.receive(JSON.stringify({ type: "launch" }));
    test.gate.receive(JSON.stringify({ type: "sync", afterSeq: -1 }));
    expect(test.refused).toEqual(["unreadable", "unreadable", "unreadable"]);
    for (let index = 0; index < 40; index++) test.gate.receive("{");
    expect(test.closes()).toBe(1);
    expect(test.handled).toHaveLength(0);
  });

  it("counts every frame before parsing it", () => {
    const test = gateOnClock({ limits: { any: { burst: 3, perSecond: 0 } } });
    test.gate.receive(sync);
    test.gate.receive(ping);
    test.gate.receive("not json");
    test.gate.receive(ping);
    test.gate.receive("not json");
    expect(test.refused).toEqual(["unreadable", "too-fast", "too-fast"]);
  });
});
