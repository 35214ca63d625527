import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { settings } from "#server/db/schema/settings.ts";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/db.ts";
import { DatabaseLockedError, type Db, openDatabase } from "./client";

describe("the embedded database", () => {
  it("refuses a second owner of the same directory with a clear message", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-lock-"));
    const first = await openDatabase({ dataDir });
    try {
      // The lock names a live process that is not us: this test's parent.
      const { writeFileSync } = await import("node:fs");
      writeFileSync(path.join(dataDir, "db", "frontier.lock"), String(process.ppid));
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another Frontier process/);
    } finally {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(path.join(dataDir, "db", "frontier.lock"), String(process.pid));
      await first.close();
    }
  });

  it("keeps data across a close and reopen, and takes over a stale lock", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-reopen-"));
    const first = await openDatabase({ dataDir });
    await first.db.insert(settings).values({ id: "probe", value: { kept: true } });
    await first.close();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(dataDir, "db", "frontier.lock"), "999999");
    const second = await openDatabase({ dataDir });
    const rows = await second.db.select().from(settings);
    expect(rows.find((row) => row.id === "probe")?.value).toEqual({ kept: true });
    await second.close();
  });

  it("starts a database from another's dump, which goes on apart from it (decision 817)", async () => {
    const original = await openDatabase({});
    await original.db.insert(settings).values({ id: "dumped", value: { n: 1 } });
    const dump = await original.dumpDataDir!();
    const copy = await openDatabase({ from: dump });
    try {
      await copy.db.insert(settings).values({ id: "only-in-copy", value: { n: 2 } });
      const ids = async (database: typeof original) =>
        (await database.db.select().from(settings))
          .map((row) => row.id)
          .filter((id) => id === "dumped" || id === "only-in-copy")
          .sort();
      expect(await ids(copy)).toEqual(["dumped", "only-in-copy"]);
      expect(await ids(original)).toEqual(["dumped"]);
      // The search's trigram extension came along with the data.
      const similarity = await copy.db.execute(sql`select similarity('design', 'desing') as s`);
      expect(Number((similarity.rows[0] as { s: number }).s)).toBeGreaterThan(0.2);
    } finally {
      await copy.close();
      await original.close();
    }
  });
});

describeEachDatabase("notifications", (get) => {
  it("delivers a NOTIFY to a listener", async () => {
    const database = get();
    let deliver: (payload: string) => void = () => {};
    const received = new Promise<string>((resolve) => {
      deliver = resolve;
    });
    // Listening once `listen` has resolved, however busy the machine (a fixed wait lost the
    // NOTIFY when LISTEN took longer than it).
    await database.listen("frontier_test", (payload) => deliver(payload));
    await database.notify("frontier_test", "hello");
    await expect(received).resolves.toBe("hello");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("notifications on PostgreSQL", () => {
  it("shares one LISTEN connection between listeners that start at the same moment", async () => {
    const database = await createTestDatabase("postgres");
    try {
      const received: string[] = [];
      await Promise.all(
        ["frontier_test_a", "frontier_test_b"].map((channel) =>
          database.listen(channel, (payload) => received.push(payload)),
        ),
      );
      const listening = await database.db.execute(
        sql`select count(*)::int as total from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(listening.rows[0]).toEqual({ total: 1 });
      await database.notify("frontier_test_a", "a");
      await database.notify("frontier_test_b", "b");
      await expect.poll(() => received.sort()).toEqual(["a", "b"]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("connections cut on PostgreSQL", () => {
  it("keeps the pool whole when connections are cut as transactions begin", async () => {
    const database = await createTestDatabase("postgres");
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    try {
      const [{ name }] = (await database.db.execute(sql`select current_database() as name`))
        .rows as Array<{ name: string }>;
      for (let round = 0; round < 12; round++) {
        // Idle pooled connections, then every one cut; the next transaction begins on one
        // before the pool has heard of the cut.
        await Promise.all(
          Array.from({ length: 3 }, () =>
            database.db.execute(sql`select pg_sleep(0.01)`).catch(() => {}),
          ),
        );
        await killer.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
          [name],
        );
        await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => {});
      }
      // Every client given back: a query gets one at once (the pool holds ten; a leak of
      // ten would make it wait for a client that never comes, then time out).
      const deadline = Date.now() + 3000;
      let isAnswered = false;
      while (!isAnswered && Date.now() < deadline)
        isAnswered = await database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        );
      expect(isAnswered).toBe(true);
    } finally {
      await killer.end();
      await database.close();
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL connections", () => {
  it("plan no parallel workers and scan tables from the start, on every connection the pool opens and after a cut (decisions 803, 829)", async () => {
    const database = await createTestDatabase("postgres");
    const settingsOf = async (db: Pick<Db, "execute">) =>
      (
        (
          await db.execute(sql`
            select current_setting('max_parallel_workers_per_gather') || ' '
              || current_setting('synchronize_seqscans') as value`)
        ).rows[0] as { value: string }
      ).value;
    const setting = () => settingsOf(database.db);
    try {
      // Several connections at once, plain queries and a transaction's.
      const values = await Promise.all([
        ...Array.from({ length: 4 }, setting),
        database.db.transaction((tx) => settingsOf(tx)),
      ]);
      expect(values).toEqual(Array(5).fill("0 off"));
      // A connection opened after the others were cut is set too.
      const [{ name }] = (await database.db.execute(sql`select current_database() as name`))
        .rows as Array<{ name: string }>;
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [name],
      );
      await killer.end();
      let value: string | undefined;
      for (let attempt = 0; attempt < 20 && value === undefined; attempt++)
        value = await setting().catch(() => undefined);
      expect(value).toBe("0 off");
    } finally {
      await database.close();
    }
  });
});
