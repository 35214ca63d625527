import { type ClientFrame, clientFrameSchema } from "#shared/chat.ts";

/**
 * What one chat socket may send (decision 605): token buckets per frame type, one frame
 * handled at a time, a bounded queue, and a close once a socket keeps going past its limits.
 */

export type BucketSpec = { burst: number; perSecond: number };
export type FrameKind = ClientFrame["type"] | "any" | "unreadable";

export const FRAME_LIMITS: Record<FrameKind, BucketSpec> = {
  /** Every frame, before it is even parsed. */
  any: { burst: 30, perSecond: 10 },
  sync: { burst: 10, perSecond: 2 },
  send: { burst: 10, perSecond: 1 },
  read: { burst: 10, perSecond: 2 },
  ping: { burst: 5, perSecond: 1 },
  /** Frames that are not JSON or not a frame we know. */
  unreadable: { burst: 5, perSecond: 0.5 },
};

/** Frames refused with an error frame before the socket is closed as abusive. */
export const REFUSAL_LIMIT: BucketSpec = { burst: 10, perSecond: 0.2 };

/** Frames waiting while one is handled; more are refused (the socket is paused meanwhile). */
export const MAX_PENDING_FRAMES = 8;

/** ws's maxPayload: a send frame of 4000 characters, each escaped to six bytes in JSON, fits. */
export const MAX_FRAME_BYTES = 32 * 1024;

/** What a refused frame is answered with. */
export const REFUSAL_MESSAGES = {
  unreadable: "That message could not be read.",
  "too-fast": "You are sending messages too quickly. Please wait a moment.",
} as const;

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly spec: BucketSpec,
    now: number,
  ) {
    this.tokens = spec.burst;
    this.updatedAt = now;
  }

  /** Takes one token if there is one. */
  take(now: number) {
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.spec.burst, this.tokens + elapsedSeconds * this.spec.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type FrameGateOptions = {
  /** Does the frame's work; the next frame waits until it settles. */
  handle: (frame: ClientFrame) => Promise<void>;
  /** Answers a refused frame (an error frame); `frame` when it could be read. */
  refuse: (reason: "unreadable" | "too-fast", frame?: ClientFrame) => void;
  /** Closes the socket: it went on past its limits. */
  close: () => void;
  /** Stops and restarts reading from the socket (back-pressure). */
  pause: () => void;
  resume: () => void;
  now?: () => number;
  limits?: Partial<Record<FrameKind, BucketSpec>>;
};

/** One socket's gate: every frame passes `receive`, at most one is handled at a time. */
export function createFrameGate(options: FrameGateOptions) {
  const now = options.now ?? Date.now;
  const limits = { ...FRAME_LIMITS, ...options.limits };
  const buckets = new Map<FrameKind, TokenBucket>();
  const refusals = new TokenBucket(REFUSAL_LIMIT, now());
  const queue: ClientFrame[] = [];
  let isRunning = false;
  let isStopped = false;

  function take(kind: FrameKind) {
    let bucket = buckets.get(kind);
    if (!bucket) {
      bucket = new TokenBucket(limits[kind], now());
      buckets.set(kind, bucket);
    }
    return bucket.take(now());
  }

  function refuse(reason: "unreadable" | "too-fast", frame?: ClientFrame) {
    if (refusals.take(now())) return options.refuse(reason, frame);
    stop();
    options.close();
  }

  async function run() {
    isRunning = true;
    options.pause();
    try {
      while (queue.length > 0 && !isStopped) {
        const frame = queue.shift() as ClientFrame;
        await options.handle(frame).catch(() => {});
      }
    } finally {
      isRunning = false;
      if (!isStopped) options.resume();
    }
  }

  function stop() {
    isStopped = true;
    queue.length = 0;
  }

  return {
    receive(raw: string) {
      if (isStopped) return;
      if (!take("any")) return refuse("too-fast");
      let frame: ClientFrame;
      try {
        frame = clientFrameSchema.parse(JSON.parse(raw));
      } catch {
        return take("unreadable") ? options.refuse("unreadable") : refuse("too-fast");
      }
      if (!take(frame.type) || queue.length >= MAX_PENDING_FRAMES) return refuse("too-fast", frame);
      queue.push(frame);
      if (!isRunning) void run();
    },
    /** No frame is handled after this (the socket is closing). */
    stop,
  };
}

export type FrameGate = ReturnType<typeof createFrameGate>;
