import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Database, Db, Tx } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";

/**
 * What a handler runs with. `lease` names this run's claim of its job (the runner and the
 * claim): work a handler marks with it is known to be alive while the job's lease is.
 */
export type JobContext = { db: Db; database: Database; env: Env; lease?: string };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type RecurringJob = { kind: string; everyMs: number };

/**
 * A running job is leased, not locked for long: its runner renews the lease every
 * HEARTBEAT_MS while the handler runs, so a job whose runner died (kill -9, a lost
 * machine) is taken up by any runner within LEASE_MS, and a job still alive on another
 * instance is never taken (decision 750).
 */
export const LEASE_MS = 8_000;
const HEARTBEAT_MS = 2_000;

/** This process's runner identity: host, process id and a random part (a restarted pid differs). */
export function newRunnerId() {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Whether the claim `lease` still holds a running job (SQL, for handlers' own rows). */
export function isLeaseAlive(lease: ReturnType<typeof sql>) {
  return sql`exists (select 1 from jobs where jobs.locked_by = ${lease}
    and jobs.status = 'running' and jobs.locked_until > now())`;
}

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
  /** This claim's lease: the runner's id and a claim number. */
  locked_by: string;
};

let claimCount = 0;

/** Claims one due job (or one whose runner's lease ran out), or none, for `runnerId`. */
export async function claimJob(
  db: Db,
  { runnerId = newRunnerId(), leaseMs = LEASE_MS }: { runnerId?: string; leaseMs?: number } = {},
): Promise<ClaimedJob | undefined> {
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_by = ${`${runnerId}#${++claimCount}`},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = (
      select id from jobs
      where (status = 'pending' and run_at <= now())
         or (status = 'running' and locked_until < now())
      order by run_at
      for update skip locked
      limit 1
    )
    returning id, kind, payload, attempts, max_attempts, locked_by`);
  return (result.rows as ClaimedJob[])[0];
}

/** Renews the lease of one claim; false when it no longer holds its job. */
export async function renewLease(db: Db, jobId: string, lease: string, leaseMs = LEASE_MS) {
  const result = await db.execute(sql`
    update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = ${jobId} and status = 'running' and locked_by = ${lease}
    returning id`);
  return result.rows.length > 0;
}

// Only the lease holder finishes a job: a runner that lost its lease (it stalled past it
// and another runner took the job) leaves the row to the runner that holds it now.
async function finishJob(db: Db, job: ClaimedJob, error?: unknown) {
  const isHolder = sql`id = ${job.id} and locked_by = ${job.locked_by} and status = 'running'`;
  if (!error) {
    await db.execute(
      sql`update jobs set status = 'done', finished_at = now(), locked_until = null, locked_by = null where ${isHolder}`,
    );
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const isFinal = job.attempts >= job.max_attempts;
  const backoffSeconds = Math.min(30 * 2 ** (job.attempts - 1), 3600);
  await db.execute(sql`
    update jobs set status = ${isFinal ? "failed" : "pending"}, last_error = ${message},
      locked_until = null, locked_by = null,
      run_at = now() + make_interval(secs => ${backoffSeconds}),
      finished_at = ${isFinal ? sql`now()` : sql`null`}
    where ${isHolder}`);
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
  /** Lease length and heartbeat interval (tests shorten them). */
  leaseMs?: number;
  heartbeatMs?: number;
  runnerId?: string;
}) {
  const {
    context,
    handlers,
    recurring = [],
    pollMs = 1000,
    leaseMs = LEASE_MS,
    heartbeatMs = HEARTBEAT_MS,
    runnerId = newRunnerId(),
  } = options;
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
      const job = await claimJob(context.db, { runnerId, leaseMs });
      if (!job) break;
      const handler = handlers[job.kind];
      const heartbeat = setInterval(() => {
        renewLease(context.db, job.id, job.locked_by, leaseMs)
          .then((held) => {
            if (!held) log.warn(`job ${job.kind} (${job.id}) lost its lease`);
          })
          .catch((error) =>
            log.warn(`job ${job.kind} (${job.id}) could not renew its lease`, error),
          );
      }, heartbeatMs);
      try {
        if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
        await handler(job.payload, { ...context, lease: job.locked_by });
        clearInterval(heartbeat);
        await finishJob(context.db, job);
      } catch (error) {
        clearInterval(heartbeat);
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
    runnerId,
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
