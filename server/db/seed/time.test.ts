import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { timeApprovals, timeEntries } from "#server/db/schema/time.ts";
import { getTimeDashboard } from "#server/time/dashboard.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { seedBusiness } from "./business";
import { seedTime } from "./time";

describeEachDatabase("time demo data", (get) => {
  it("adds the demo team's weeks once, with an approved week and a budget's burn", async () => {
    const { db } = get();
    await seedBusiness(db);
    await seedTime(db, "2026-03-12");
    const entries = async () => (await db.select({ n: count() }).from(timeEntries))[0].n;
    const first = await entries();
    expect(first).toBeGreaterThan(30);
    expect((await db.select({ n: count() }).from(timeApprovals))[0].n).toBe(3);
    await seedTime(db, "2026-03-12");
    expect(await entries()).toBe(first);
    const dashboard = await getTimeDashboard({ db, today: "2026-03-12" });
    expect(dashboard.unbilled.find((row) => row.currency === "USD")?.amount).toBeGreaterThan(0);
    expect(dashboard.burns[0]).toMatchObject({ name: "Fleet tracking platform" });
  });
});
