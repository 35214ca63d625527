import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Database, Db, Tx } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { Env } from "#server/env.ts";
import { log } from "#server/log.ts";

export type JobContext = { db: Db; database: Database; env: Env };
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

/** Claims one due job (or one whose runner's lease ran out), or none, for `runnerId`. */
export async function claimJob(
  db: Db,
  { runnerId = newRunnerId(), leaseMs = LEASE_MS }: { runnerId?: string; leaseMs?: number } = {},
): Promise<ClaimedJob | undefined> {
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${runnerId},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
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

/** Renews the leases `runnerId` holds on `jobIds`; returns the ids it still holds. */
export async function renewLeases(
  db: Db,
  runnerId: string,
  jobIds: string[],
  leaseMs = LEASE_MS,
): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const result = await db.execute(sql`
    update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where status = 'running' and locked_by = ${runnerId}
      and id in (${sql.join(
        jobIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    returning id`);
  return (result.rows as Array<{ id: string }>).map((row) => row.id);
}

// Only the lease holder finishes a job: a runner that lost its lease (it stalled past it
// and another runner took the job) leaves the row to the runner that holds it now.
async function finishJob(db: Db, job: ClaimedJob, runnerId: string, error?: unknown) {
  const isHolder = sql`id = ${job.id} and locked_by = ${runnerId} and status = 'running'`;
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
        renewLeases(context.db, runnerId, [job.id], leaseMs)
          .then((held) => {
            if (held.length === 0) log.warn(`job ${job.kind} (${job.id}) lost its lease`);
          })
          .catch((error) =>
            log.warn(`job ${job.kind} (${job.id}) could not renew its lease`, error),
          );
      }, heartbeatMs);
      try {
        if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
        await handler(job.payload, context);
        clearInterval(heartbeat);
        await finishJob(context.db, job, runnerId);
      } catch (error) {
        clearInterval(heartbeat);
        log.warn(`job ${job.kind} (${job.id}) failed`, error);
        await finishJob(context.db, job, runnerId, error);
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
