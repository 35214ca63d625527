import { sql } from "drizzle-orm";
import type { Database, Db, Tx } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";

export type JobContext = { db: Db; database: Database; env: Env };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type RecurringJob = { kind: string; everyMs: number };

const LOCK_MS = 5 * 60_000;

/** Queues a job; inside a transaction (`tx`), it exists only if the transaction commits. */
export async function enqueueJob(
  db: Db | Tx,
  job: {
    kind: string;
    payload?: Record<string, unknown>;
    runAt?: Date;
    uniqueKey?: string;
    maxAttempts?: number;
  },
) {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      uniqueKey: job.uniqueKey,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id;
}

type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** Claims one due job (or one whose claimant died), or none. */
export async function claimJob(db: Db): Promise<ClaimedJob | undefined> {
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_MS / 1000})
    where id = (
      select id from jobs
      where (status = 'pending' and run_at <= now())
         or (status = 'running' and locked_until < now())
      order by run_at
      for update skip locked
      limit 1
    )
    returning id, kind, payload, attempts, max_attempts`);
  return (result.rows as ClaimedJob[])[0];
}

async function finishJob(db: Db, job: ClaimedJob, error?: unknown) {
  if (!error) {
    await db.execute(
      sql`update jobs set status = 'done', finished_at = now(), locked_until = null where id = ${job.id}`,
    );
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= job.max_attempts;
  const backoffSeconds = Math.min(30 * 2 ** (job.attempts - 1), 3600);
  await db.execute(sql`
    update jobs set status = ${isFinal ? "failed" : "pending"}, last_error = ${message},
      locked_until = null, run_at = now() + make_interval(secs => ${backoffSeconds}),
      finished_at = ${isFinal ? sql`now()` : sql`null`}
    where id = ${job.id}`);
}

/**
 * Runs jobs in-process: polls for due work, runs each handler, retries with
 * backoff, and makes sure every recurring job has its current slot queued
 * (one job per slot, however many instances run).
 */
export function createJobRunner(options: {
  context: JobContext;
  handlers: Record<string, JobHandler>;
  recurring?: RecurringJob[];
  pollMs?: number;
}) {
  const { context, handlers, recurring = [], pollMs = 1000 } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  // The slot each recurring job was last queued for by this runner: a poll writes only
  // when a new slot starts, not ten inserts a second that change nothing (decision 705).
  const queuedSlots = new Map<string, number>();

  async function scheduleRecurring() {
    const now = Date.now();
    for (const job of recurring) {
      const slot = Math.floor(now / job.everyMs);
      if (queuedSlots.get(job.kind) === slot) continue;
      await enqueueJob(context.db, {
        kind: job.kind,
        uniqueKey: `${job.kind}@${slot}`,
        runAt: new Date(slot * job.everyMs),
        maxAttempts: 1,
      });
      queuedSlots.set(job.kind, slot);
    }
  }

  /** Runs every job that is due now; resolves with how many ran. */
  async function runDue() {
    await scheduleRecurring();
    let count = 0;
    while (!isStopped) {
      const job = await claimJob(context.db);
      if (!job) break;
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
        await handler(job.payload, context);
        await finishJob(context.db, job);
      } catch (error) {
        log.warn(`job ${job.kind} (${job.id}) failed`, error);
        await finishJob(context.db, job, error);
      }
      count++;
    }
    return count;
  }

  function tick() {
    running = runDue()
      .catch((error) => log.warn("job runner could not poll", error))
      .then(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    runDue,
    start() {
      isStopped = false;
      timer = setTimeout(tick, pollMs);
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
