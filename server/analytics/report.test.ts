import { expect, it } from "vitest";
import { recordVisits, type TestVisit } from "#tests/helpers/analytics.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getEpisodeFigures, getPageFigures } from "./attribution";
import { lastDays } from "./period";
import { getAnalyticsReport } from "./report";
import { rollupAnalytics } from "./rollup";

const today = "2026-03-31";
const now = new Date(`${today}T12:00:00Z`);

describeEachDatabase("the analytics report", (get) => {
  it("sums a period against the one before, day by day, with the top lists and an item's own figures", async () => {
    const { db } = get();
    const visits: TestVisit[] = [
      // The previous 7 days: 2 views by 1 visitor.
      { day: "2026-03-20", path: "/", visitor: "a" },
      { day: "2026-03-20", path: "/faq", visitor: "a" },
      // This week: 6 views, 2 + 1 + 1 visitors over three days.
      { day: "2026-03-25", path: "/", visitor: "a", referrer: "search.example" },
      { day: "2026-03-25", path: "/insights/one", visitor: "b", referrer: "search.example" },
      { day: "2026-03-25", path: "/insights/one", visitor: "b" },
      { day: "2026-03-28", path: "/insights/one", visitor: "c" },
      { day: "2026-03-31", path: "/", visitor: "a" },
      { day: "2026-03-31", path: "/podcasts", visitor: "a" },
      { day: "2026-03-31", path: "/podcasts", visitor: "a", episode: "ep-one" },
    ];
    await recordVisits(get(), visits);
    await rollupAnalytics({ db, now: new Date("2026-03-19T00:00:00Z") });

    const report = await getAnalyticsReport({ db, period: lastDays(7, today, "7") });
    expect(report.totals).toEqual({
      views: 6,
      visitors: 4,
      previousViews: 2,
      previousVisitors: 1,
      viewsChange: 200,
      visitorsChange: 300,
    });
    expect(report.days).toHaveLength(7);
    expect(report.days.map((day) => day.views)).toEqual([3, 0, 0, 1, 0, 0, 2]);
    expect(report.top.page).toEqual([
      { value: "/insights/one", views: 3, visitors: 2 },
      { value: "/", views: 2, visitors: 2 },
      { value: "/podcasts", views: 1, visitors: 1 },
    ]);
    expect(report.top.referrer).toEqual([
      { value: "", views: 4, visitors: 3 },
      { value: "search.example", views: 2, visitors: 2 },
    ]);
    expect(report.top.device).toEqual([{ value: "desktop", views: 6, visitors: 4 }]);
    expect(report.updatedAt).toBeInstanceOf(Date);

    expect(await getPageFigures({ db, path: "/insights/one", now })).toEqual({
      views: 3,
      visitors: 2,
      leads: 0,
      label: "Views",
    });
    expect(await getEpisodeFigures({ db, slug: "ep-one", now })).toMatchObject({
      views: 1,
      visitors: 1,
      label: "Plays",
    });
    const empty = await getAnalyticsReport({
      db,
      period: lastDays(7, "2025-01-07"),
    });
    expect(empty.totals).toMatchObject({ views: 0, viewsChange: null });
  });
});
