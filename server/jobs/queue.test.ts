import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { Env } from "#server/env.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { claimJob, createJobRunner, enqueueJob } from "./queue";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase("job queue", (get) => {
  const context = () => ({ db: get().db, database: get(), env: {} as Env });

  it("runs a due job once and marks it done", async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(get().db, { kind: "test.echo", payload: { n: 1 } });
    const runner = createJobRunner({
      context: context(),
      handlers: { "test.echo": async (payload) => void seen.push(payload) },
    });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const [row] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row.status).toBe("done");
  });

  it("leaves a job that is not yet due", async () => {
    await enqueueJob(get().db, { kind: "test.later", runAt: new Date(Date.now() + 60_000) });
    const runner = createJobRunner({
      context: context(),
      handlers: { "test.later": async () => {} },
    });
    expect(await runner.runDue()).toBe(0);
  });

  it("retries a failing job later and gives up after its attempts", async () => {
    const id = await enqueueJob(get().db, { kind: "test.fail", maxAttempts: 1 });
    const runner = createJobRunner({
      context: context(),
      handlers: {
        "test.fail": async () => {
          throw new Error("boom");
        },
      },
    });
    await runner.runDue();
    const [row] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: "failed", lastError: "boom" });
  });

  it("queues one run per recurring slot, whatever the number of runners", async () => {
    let runs = 0;
    const options = {
      context: context(),
      handlers: { "test.tick": async () => void runs++ },
      recurring: [{ kind: "test.tick", everyMs: 3_600_000 }],
    };
    const first = createJobRunner(options);
    const second = createJobRunner(options);
    await Promise.all([first.runDue(), second.runDue()]);
    await first.runDue();
    expect(runs).toBe(1);
  });

  it("takes up a job whose runner died as soon as its lease runs out", async () => {
    const id = await enqueueJob(get().db, { kind: "test.orphan", payload: { n: 7 } });
    // A runner claims it and dies (kill -9): no heartbeat renews its one-second lease.
    const dead = await claimJob(get().db, { runnerId: "dead-host:1:aa", leaseMs: 1_000 });
    expect(dead?.id).toBe(id);
    const seen: unknown[] = [];
    const restarted = createJobRunner({
      context: context(),
      handlers: { "test.orphan": async (payload) => void seen.push(payload) },
    });
    expect(await restarted.runDue()).toBe(0);
    await sleep(1_200);
    expect(await restarted.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 7 }]);
    const [row] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  it("leaves a job whose runner is alive, renewing its lease, to that runner", async () => {
    const id = await enqueueJob(get().db, { kind: "test.long" });
    let release!: () => void;
    let runs = 0;
    const handlers = {
      "test.long": async () => {
        runs++;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const alive = createJobRunner({ context: context(), handlers, leaseMs: 600, heartbeatMs: 150 });
    const other = createJobRunner({ context: context(), handlers, leaseMs: 600, heartbeatMs: 150 });
    const first = alive.runDue();
    await sleep(1_500); // well past the lease: only the heartbeat keeps it
    expect(await other.runDue()).toBe(0);
    const [running] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(running).toMatchObject({ status: "running" });
    expect(running.lockedBy?.startsWith(`${alive.runnerId}#`)).toBe(true);
    release();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    const [row] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: "done", attempts: 1 });
  });

  it("a runner that lost its lease does not overwrite the new holder's outcome", async () => {
    const id = await enqueueJob(get().db, { kind: "test.stalled", maxAttempts: 3 });
    let release!: () => void;
    const stalled = createJobRunner({
      context: context(),
      // The heartbeat never comes in time: the lease is shorter than its interval.
      leaseMs: 300,
      heartbeatMs: 60_000,
      handlers: {
        "test.stalled": () =>
          new Promise<void>((_resolve, reject) => {
            release = () => reject(new Error("stalled runner failed late"));
          }),
      },
    });
    const first = stalled.runDue();
    await sleep(500);
    const taker = createJobRunner({
      context: context(),
      handlers: { "test.stalled": async () => {} },
    });
    const [claimed] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(claimed.lockedBy?.startsWith(`${stalled.runnerId}#`)).toBe(true);
    expect(await taker.runDue()).toBe(1);
    release();
    await first;
    const [row] = await get().db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: "done", attempts: 2, lastError: null });
  });

  it("a unique key keeps a job from being queued twice", async () => {
    const first = await enqueueJob(get().db, { kind: "test.once", uniqueKey: "once:1" });
    const second = await enqueueJob(get().db, { kind: "test.once", uniqueKey: "once:1" });
    expect(first).toBeTruthy();
    expect(second).toBeUndefined();
  });
});

it("writes a recurring job once per slot, not at every poll", async () => {
  const statements: string[] = [];
  const database = await openDatabase({ onQuery: (query) => statements.push(query) });
  try {
    const runner = createJobRunner({
      context: { db: database.db, database, env: {} as Env },
      handlers: { "test.hourly": async () => {} },
      recurring: [{ kind: "test.hourly", everyMs: 3_600_000 }],
    });
    await runner.runDue();
    statements.length = 0;
    await runner.runDue();
    expect(statements.filter((query) => query.startsWith('insert into "jobs"'))).toEqual([]);
  } finally {
    await database.close();
  }
});
