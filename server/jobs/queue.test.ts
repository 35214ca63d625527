import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import type { Env } from "#server/env.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { createJobRunner, enqueueJob } from "./queue";

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
