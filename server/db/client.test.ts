import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settings } from "#server/db/schema/settings.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { DatabaseLockedError, openDatabase } from "./client";

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
});

describeEachDatabase("notifications", (get) => {
  it("delivers a NOTIFY to a listener", async () => {
    const database = get();
    const received = new Promise<string>((resolve) => {
      void database.listen("frontier_test", resolve);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.notify("frontier_test", "hello");
    await expect(received).resolves.toBe("hello");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("notifications on PostgreSQL", () => {
  it("listeners added at the same moment share one connection", async () => {
    const { createTempPostgresDatabase } = await import("#tests/helpers/pg.ts");
    const temp = await createTempPostgresDatabase();
    const database = await openDatabase({ databaseUrl: temp.url });
    try {
      const stops = await Promise.all(
        ["first", "second", "third"].map((channel) =>
          database.listen(`frontier_${channel}`, () => {}),
        ),
      );
      const { sql } = await import("drizzle-orm");
      const result = await database.db.execute(
        sql`select count(*)::int as listening from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%'`,
      );
      expect((result.rows[0] as { listening: number }).listening).toBe(1);
      for (const stop of stops) await stop();
    } finally {
      await database.close();
      await temp.drop();
    }
  });
});
