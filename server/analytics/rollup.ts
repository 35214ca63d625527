import { and, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  type AnalyticsDimension,
  analyticsEvents,
  analyticsSalts,
} from "#server/db/schema/analytics.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { addDays, utcDay } from "./daily-salt";

export const ANALYTICS_ROLLUP_JOB = "analytics.rollup";

/** Raw events are kept for today and yesterday, then only their daily figures. */
export const RAW_EVENT_DAYS = 2;

/**
 * What each dimension of a day's page views is drawn from; `total` last: a day whose total
 * counts all its views has every dimension made (isRolledUp), so a run cut short before it
 * is made again next time.
 */
const viewDimensions: Array<{
  dimension: Exclude<AnalyticsDimension, "episode">;
  value: SQL;
  groupBy?: SQL;
}> = [
  { dimension: "page", value: sql`e.path` },
  { dimension: "referrer", value: sql`coalesce(e.referrer_host, '')` },
  { dimension: "utm_source", value: sql`e.utm_source` },
  { dimension: "utm_medium", value: sql`e.utm_medium` },
  { dimension: "utm_campaign", value: sql`e.utm_campaign` },
  { dimension: "device", value: sql`e.device` },
  { dimension: "country", value: sql`coalesce(e.country, '')` },
  // One row for the day ('' is a constant, which GROUP BY does not take), none without views.
  { dimension: "total", value: sql`''`, groupBy: sql`e.day` },
];

/**
 * Recomputes one day's figures from its raw events, replacing what was there: running it
 * twice gives the same rows. Views per page, referrer host, campaign source, medium and
 * name, device and country, with that day's unique visitors (distinct hashes) for each;
 * plays per episode; and the day's total. Each dimension is its own short transaction, over
 * the events stored when the day began to be made (up to one event id): on the embedded
 * database one connection serves every request, and a day of 30,000 views made in one
 * statement held it for a third of a second (decision 812).
 */
export async function rollupDay(db: Db, day: string) {
  const [{ lastId }] = (
    await db.execute(sql`select coalesce(max(id), 0)::bigint as "lastId" from analytics_events`)
  ).rows as Array<{ lastId: string | number }>;
  const replace = (dimension: AnalyticsDimension, figures: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from analytics_daily where day = ${day} and dimension = ${dimension}`,
      );
      await tx.execute(sql`
        insert into analytics_daily (day, dimension, value, views, visitors, updated_at)
        ${figures}
        on conflict (day, dimension, value) do update
          set views = excluded.views, visitors = excluded.visitors, updated_at = excluded.updated_at`);
    });
  const events = sql`analytics_events e where e.day = ${day}::date and e.id <= ${lastId}`;
  await replace(
    "episode",
    sql`select ${day}::date, 'episode', e.episode, count(*)::int, count(distinct e.visitor_hash)::int, now()
        from ${events} and e.kind = 'play' and e.episode is not null
        group by e.episode`,
  );
  for (const { dimension, value, groupBy = value } of viewDimensions)
    await replace(
      dimension,
      sql`select ${day}::date, ${dimension}, ${value}, count(*)::int, count(distinct e.visitor_hash)::int, now()
          from ${events} and e.kind = 'view' and ${value} is not null
          group by ${groupBy}`,
    );
}

/**
 * Whether a day's figures count every raw event it has now. Events are only ever added to a
 * day (until they are pruned), so equal counts mean nothing arrived since it was made.
 */
async function isRolledUp(db: Db, day: string) {
  const [counts] = (
    await db.execute(sql`
      select raw."rawViews", raw."rawPlays",
        (select coalesce(sum(views), 0) from analytics_daily
          where day = ${day}::date and dimension = 'total')::int as "views",
        (select coalesce(sum(views), 0) from analytics_daily
          where day = ${day}::date and dimension = 'episode')::int as "plays"
      from (
        select count(*) filter (where kind = 'view')::int as "rawViews",
          count(*) filter (where kind = 'play' and episode is not null)::int as "rawPlays"
        from analytics_events where day = ${day}::date
      ) raw`)
  ).rows as Array<{ rawViews: number; rawPlays: number; views: number; plays: number }>;
  return counts.rawViews === counts.views && counts.rawPlays === counts.plays;
}

/**
 * The scheduled job: every day that still has raw events is rolled up again when events
 * arrived since its figures were made (today's figures grow through the day; late writes
 * from another instance are taken in; a finished day is not made again), then
 * raw events older than RAW_EVENT_DAYS, the salts of past days and the waiting pages of
 * expired newsletter sign-ups are deleted. A day
 * whose raw events are gone keeps the figures it had.
 */
export async function rollupAnalytics({ db, now = new Date() }: { db: Db; now?: Date }) {
  // The days that have raw events, one index lookup each (not every event read).
  const result = await db.execute(sql`
    with recursive days(day) as (
      select min(day) from analytics_events
      union all
      select (select min(day) from analytics_events where day > days.day)
      from days where days.day is not null
    )
    select to_char(day, 'YYYY-MM-DD') as day from days where day is not null`);
  const days = (result.rows as Array<{ day: string }>).map((row) => row.day);
  const made: string[] = [];
  for (const day of days) {
    if (await isRolledUp(db, day)) continue;
    await rollupDay(db, day);
    made.push(day);
  }
  const today = utcDay(now);
  const oldest = addDays(today, 1 - RAW_EVENT_DAYS);
  const pruned = await db.execute(sql`
    with gone as (delete from ${analyticsEvents} where ${analyticsEvents.day} < ${oldest} returning 1)
    select count(*)::int as count from gone`);
  await db.delete(analyticsSalts).where(sql`${analyticsSalts.day} < ${today}`);
  // The pages of a newsletter sign-up whose confirmation link ran out unused (decision 314).
  await db
    .update(subscribers)
    .set({ pendingTouchpoints: null, pendingTrailKeyHash: null })
    .where(
      and(
        isNotNull(subscribers.pendingTouchpoints),
        or(isNull(subscribers.confirmTokenExpiresAt), lt(subscribers.confirmTokenExpiresAt, now)),
      ),
    );
  return { days, made, pruned: (pruned.rows[0] as { count: number }).count };
}
