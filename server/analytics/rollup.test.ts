import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { analyticsDaily } from "#server/db/schema/analytics.ts";
import { dailyFiguresOf, recordVisits } from "#tests/helpers/analytics.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { rollupAnalytics } from "./rollup";

const YESTERDAY = "2026-05-10";
const TODAY = "2026-05-11";
const now = new Date(`${TODAY}T12:00:00Z`);

async function clear(database: Database) {
  await database.db.execute(sql`delete from analytics_events`);
  await database.db.execute(sql`delete from analytics_daily`);
}

describeEachDatabase("the analytics rollup", (get) => {
  it("makes a day's figures again only when events arrived since, a late one on a finished day included", async () => {
    const database = get();
    await clear(database);
    await recordVisits(database, [
      { day: YESTERDAY, path: "/", visitor: "a", referrer: "search.example" },
      { day: YESTERDAY, path: "/faq", visitor: "a" },
      { day: YESTERDAY, path: "/podcasts", visitor: "b", episode: "ep-one" },
      { day: TODAY, path: "/", visitor: "c" },
    ]);

    const first = await rollupAnalytics({ db: database.db, now });
    expect(first.made).toEqual([YESTERDAY, TODAY]);
    const yesterday = await dailyFiguresOf(database, YESTERDAY);
    expect(yesterday).toEqual({
      "total:": [2, 1],
      "page:/": [1, 1],
      "page:/faq": [1, 1],
      "referrer:search.example": [1, 1],
      "referrer:": [1, 1],
      "device:desktop": [2, 1],
      "country:": [2, 1],
      "episode:ep-one": [1, 1],
    });

    // Nothing new: no day is made again.
    const second = await rollupAnalytics({ db: database.db, now });
    expect(second.made).toEqual([]);
    expect(await dailyFiguresOf(database, YESTERDAY)).toEqual(yesterday);

    // A view today and a late play and view on yesterday: both days again, each with its own.
    await recordVisits(database, [
      { day: TODAY, path: "/", visitor: "d" },
      { day: YESTERDAY, path: "/podcasts", visitor: "c", episode: "ep-one" },
    ]);
    expect((await rollupAnalytics({ db: database.db, now })).made).toEqual([YESTERDAY, TODAY]);
    expect((await dailyFiguresOf(database, YESTERDAY))["episode:ep-one"]).toEqual([2, 2]);
    expect((await dailyFiguresOf(database, TODAY))["total:"]).toEqual([2, 2]);
    await recordVisits(database, [{ day: YESTERDAY, path: "/late", visitor: "e" }]);
    expect((await rollupAnalytics({ db: database.db, now })).made).toEqual([YESTERDAY]);
    expect(await dailyFiguresOf(database, YESTERDAY)).toMatchObject({
      "total:": [3, 2],
      "page:/late": [1, 1],
    });
  });

  it("makes a day again whose figures were left without their total, as a run cut short leaves them", async () => {
    const database = get();
    await clear(database);
    await recordVisits(database, [
      { day: TODAY, path: "/", visitor: "a" },
      { day: TODAY, path: "/pricing", visitor: "b" },
    ]);
    await rollupAnalytics({ db: database.db, now });
    const made = await dailyFiguresOf(database, TODAY);
    // Every dimension but the total is written before it: a run stopped there left its pages
    // stale and no total.
    await database.db
      .delete(analyticsDaily)
      .where(and(eq(analyticsDaily.day, TODAY), eq(analyticsDaily.dimension, "total")));
    await database.db
      .update(analyticsDaily)
      .set({ views: 99 })
      .where(and(eq(analyticsDaily.day, TODAY), eq(analyticsDaily.dimension, "page")));

    expect((await rollupAnalytics({ db: database.db, now })).made).toEqual([TODAY]);
    expect(await dailyFiguresOf(database, TODAY)).toEqual(made);
  });
});
