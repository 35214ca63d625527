import { and, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { analyticsEvents, analyticsSalts } from "#server/db/schema/analytics.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { addDays, utcDay } from "./daily-salt";

export const ANALYTICS_ROLLUP_JOB = "analytics.rollup";

/** Raw events are kept for today and yesterday, then only their daily figures. */
export const RAW_EVENT_DAYS = 2;

/**
 * Recomputes one day's figures from its raw events, replacing what was there: running it
 * twice gives the same rows. Views per page, referrer host, campaign source, medium and
 * name, device and country, with that day's unique visitors (distinct hashes) for each;
 * plays per episode; and the day's total.
 */
export async function rollupDay(db: Db, day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily where day = ${day}`);
    await tx.execute(sql`
      insert into analytics_daily (day, dimension, value, views, visitors, updated_at)
      select ${day}::date, d.dimension, d.value, count(*)::int, count(distinct e.visitor_hash)::int, now()
      from analytics_events e
      cross join lateral (values
        ('total', ''),
        ('page', e.path),
        ('referrer', coalesce(e.referrer_host, '')),
        ('utm_source', e.utm_source),
        ('utm_medium', e.utm_medium),
        ('utm_campaign', e.utm_campaign),
        ('device', e.device),
        ('country', coalesce(e.country, ''))
      ) as d(dimension, value)
      where e.day = ${day}::date and e.kind = 'view' and d.value is not null
      group by d.dimension, d.value
      union all
      select ${day}::date, 'episode', e.episode, count(*)::int, count(distinct e.visitor_hash)::int, now()
      from analytics_events e
      where e.day = ${day}::date and e.kind = 'play' and e.episode is not null
      group by e.episode
      on conflict (day, dimension, value) do update
        set views = excluded.views, visitors = excluded.visitors, updated_at = excluded.updated_at`);
  });
}

/**
 * The scheduled job: every day that still has raw events is rolled up again (today's
 * figures grow through the day; late writes from another instance are taken in), then
 * raw events older than RAW_EVENT_DAYS, the salts of past days and the waiting pages of
 * expired newsletter sign-ups are deleted. A day
 * whose raw events are gone keeps the figures it had.
 */
export async function rollupAnalytics({ db, now = new Date() }: { db: Db; now?: Date }) {
  const result = await db.execute(
    sql`select distinct to_char(day, 'YYYY-MM-DD') as day from analytics_events order by 1`,
  );
  const days = (result.rows as Array<{ day: string }>).map((row) => row.day);
  for (const day of days) await rollupDay(db, day);
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
  return { days, pruned: (pruned.rows[0] as { count: number }).count };
}
