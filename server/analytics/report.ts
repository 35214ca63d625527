import { and, between, desc, eq, max, sql, sum } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type AnalyticsDimension, analyticsDaily } from "#server/db/schema/analytics.ts";
import { addDays, utcDay } from "./daily-salt";
import { type DayRange, daysOf, type Period } from "./period";

export type Figures = { views: number; visitors: number };
export type TopRow = Figures & { value: string };

/** The lists the analytics screen shows, each the top `TOP_ROWS` by views. */
export const topDimensions = [
  "page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "country",
] as const satisfies AnalyticsDimension[];
export type TopDimension = (typeof topDimensions)[number];

export const TOP_ROWS = 10;

const inRange = (dimension: AnalyticsDimension, range: DayRange) =>
  and(eq(analyticsDaily.dimension, dimension), between(analyticsDaily.day, range.from, range.to));

/**
 * Views and visitors over a range. Visitors are counted per day (the hash changes every
 * day, on purpose), so a range's visitors are the sum of its days' unique visitors.
 */
export async function sumFigures(
  db: Db,
  {
    dimension = "total",
    value = "",
    range,
  }: { dimension?: AnalyticsDimension; value?: string; range: DayRange },
): Promise<Figures> {
  const [row] = await db
    .select({
      views: sum(analyticsDaily.views).mapWith(Number),
      visitors: sum(analyticsDaily.visitors).mapWith(Number),
    })
    .from(analyticsDaily)
    .where(and(inRange(dimension, range), eq(analyticsDaily.value, value)));
  return { views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
}

async function topOf(db: Db, dimension: TopDimension, range: DayRange): Promise<TopRow[]> {
  const views = sum(analyticsDaily.views).mapWith(Number);
  return db
    .select({
      value: analyticsDaily.value,
      views,
      visitors: sum(analyticsDaily.visitors).mapWith(Number),
    })
    .from(analyticsDaily)
    .where(inRange(dimension, range))
    .groupBy(analyticsDaily.value)
    .orderBy(desc(views), analyticsDaily.value)
    .limit(TOP_ROWS);
}

/** Views and visitors of each day of the range, days without any included as zeros. */
async function dailySeries(db: Db, range: DayRange) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${analyticsDaily.day}, 'YYYY-MM-DD')`,
      views: analyticsDaily.views,
      visitors: analyticsDaily.visitors,
    })
    .from(analyticsDaily)
    .where(and(inRange("total", range), eq(analyticsDaily.value, "")));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(range).map((day) => ({
    day,
    views: byDay.get(day)?.views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
}

/** The change from `before` to `now` in percent, or null when there was nothing before. */
export function percentChange(now: number, before: number) {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export type AnalyticsReport = Awaited<ReturnType<typeof getAnalyticsReport>>;

/** Everything /admin/analytics shows for a period, from the daily figures. */
export async function getAnalyticsReport({ db, period }: { db: Db; period: Period }) {
  const [current, previous, days, tops, [updated]] = await Promise.all([
    sumFigures(db, { range: period }),
    sumFigures(db, { range: period.previous }),
    dailySeries(db, period),
    Promise.all(topDimensions.map((dimension) => topOf(db, dimension, period))),
    db.select({ at: max(analyticsDaily.updatedAt) }).from(analyticsDaily),
  ]);
  return {
    totals: {
      views: current.views,
      visitors: current.visitors,
      previousViews: previous.views,
      previousVisitors: previous.visitors,
      viewsChange: percentChange(current.views, previous.views),
      visitorsChange: percentChange(current.visitors, previous.visitors),
    },
    days,
    top: Object.fromEntries(
      topDimensions.map((dimension, index) => [dimension, tops[index]]),
    ) as Record<TopDimension, TopRow[]>,
    updatedAt: updated?.at ?? null,
  };
}

/** The last 30 days, today included, for an editor's own figures. */
export function last30Days(now = new Date()): DayRange {
  const today = utcDay(now);
  return { from: addDays(today, -29), to: today };
}
