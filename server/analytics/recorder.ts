import type { Db } from "#server/db/client.ts";
import { analyticsEvents } from "#server/db/schema/analytics.ts";
import { log } from "#server/log.ts";

export type RecordedEvent = typeof analyticsEvents.$inferInsert;

export type EventRecorder = {
  /** Keeps an event for the next write; false when the buffer is full (the event is dropped). */
  record(event: RecordedEvent): boolean;
  /** Writes what is buffered now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (graceful shutdown). */
  close(): Promise<void>;
  readonly buffered: number;
};

/**
 * The recorders of this process. A global, not a module variable: the React Router build
 * bundles its own copy of this module, and the admin's "Refresh now" must reach the
 * recorder the Express app made.
 */
const registryKey = Symbol.for("frontier.analyticsRecorders");
const globals = globalThis as Record<symbol, Set<EventRecorder> | undefined>;
globals[registryKey] ??= new Set<EventRecorder>();
const registry = globals[registryKey];

/** Writes every recorder's buffered events now (before a rollup asked for by staff). */
export async function flushAnalyticsEvents() {
  await Promise.all([...registry].map((recorder) => recorder.flush()));
}

/**
 * Page views are answered at once and written in batches: one multi-row insert every
 * `flushMs` (or as soon as `batchSize` are waiting). A failed write keeps the events for
 * the next one; past `maxBuffered` new events are dropped rather than memory growing.
 */
export function createEventRecorder({
  db,
  flushMs = 1000,
  batchSize = 500,
  maxBuffered = 20_000,
}: {
  db: Db;
  flushMs?: number;
  batchSize?: number;
  maxBuffered?: number;
}): EventRecorder {
  let buffer: RecordedEvent[] = [];
  let flushing: Promise<void> | undefined;
  let dropped = 0;

  async function writeAll() {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      try {
        await db.insert(analyticsEvents).values(batch);
      } catch (error) {
        log.warn(`analytics: ${buffer.length} page views wait for the database`, error);
        return;
      }
      // Only this loop removes events, and new ones are appended behind the batch.
      buffer = buffer.slice(batch.length);
    }
    if (dropped > 0) {
      log.warn(`analytics: ${dropped} page views dropped while the buffer was full`);
      dropped = 0;
    }
  }

  function flush() {
    flushing ??= writeAll().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  const recorder: EventRecorder = {
    record(event) {
      if (buffer.length >= maxBuffered) {
        dropped++;
        return false;
      }
      buffer.push(event);
      if (buffer.length >= batchSize) void flush();
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      registry.delete(recorder);
      await flush();
      if (buffer.length > 0) log.warn(`analytics: ${buffer.length} page views not written`);
    },
    get buffered() {
      return buffer.length;
    },
  };
  registry.add(recorder);
  return recorder;
}
