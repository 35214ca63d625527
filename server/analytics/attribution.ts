import { and, countDistinct, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { caseStudies, insights, podcastEpisodes, subscribers } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { addDays } from "./daily-salt";
import type { DayRange } from "./period";
import { episodeTouchpointPath } from "./public-paths";
import { type Figures, last30Days, sumFigures } from "./report";

export const RANKING_ROWS = 15;

/** From the first moment of `from` to the end of `to`, as timestamps. */
const boundsOf = (range: DayRange) => ({
  start: new Date(`${range.from}T00:00:00Z`),
  end: new Date(`${addDays(range.to, 1)}T00:00:00Z`),
});

/**
 * Content ranked by the leads that had seen it: for each page, how many leads (contact form
 * or chat), confirmed newsletter sign-ups and chats made in the range carried it in their
 * pages before contact. A sign-up never confirmed counts nowhere (decision 314).
 */
export async function rankContentByLeads({ db, range }: { db: Db; range: DayRange }) {
  const { start, end } = boundsOf(range);
  const leadCount = countDistinct(leadTouchpoints.leadId);
  const subscriberCount = countDistinct(leadTouchpoints.subscriberId);
  return db
    .select({
      path: leadTouchpoints.path,
      leads: leadCount,
      subscribers: subscriberCount,
      chats: countDistinct(leadTouchpoints.conversationId),
    })
    .from(leadTouchpoints)
    .leftJoin(subscribers, eq(subscribers.id, leadTouchpoints.subscriberId))
    .where(
      and(
        gte(leadTouchpoints.createdAt, start),
        lt(leadTouchpoints.createdAt, end),
        or(isNull(leadTouchpoints.subscriberId), isNotNull(subscribers.confirmedAt)),
      ),
    )
    .groupBy(leadTouchpoints.path)
    .orderBy(sql`2 desc, 3 desc, 4 desc`, leadTouchpoints.path)
    .limit(RANKING_ROWS);
}

export type ValueRow = { path: string; currency: string; amount: number; proposals: number };

/**
 * Content ranked by the accepted proposals it preceded: a page a lead saw before writing
 * in counts the one-off total (minor units) of every proposal accepted in the range by the
 * client that lead became. Each proposal counts once per page, per currency.
 */
export async function rankContentByValue({ db, range }: { db: Db; range: DayRange }) {
  const { start, end } = boundsOf(range);
  const result = await db.execute(sql`
    select x.path, x.currency, sum(x.total)::bigint as amount, count(*)::int as proposals
    from (
      select distinct t.path, p.id, p.currency, p.total
      from lead_touchpoints t
      join leads l on l.id = t.lead_id
      join proposals p on p.client_id = l.client_id
      where p.status = 'accepted' and p.accepted_at >= ${start} and p.accepted_at < ${end}
    ) x
    group by x.path, x.currency
    order by amount desc, x.path
    limit ${RANKING_ROWS}`);
  return (result.rows as Array<Record<string, unknown>>).map(
    (row): ValueRow => ({
      path: String(row.path),
      currency: String(row.currency),
      amount: Number(row.amount),
      proposals: Number(row.proposals),
    }),
  );
}

/**
 * Titles for the insight, case study, episode and stored page (a landing page) paths among
 * these, for people to read.
 */
export async function titlesOf({ db, paths }: { db: Db; paths: string[] }) {
  const storedPaths = paths.filter((path) => !path.includes("#"));
  const storedPages = storedPaths.length
    ? await db
        .select({ path: pages.path, title: pages.title })
        .from(pages)
        .where(and(inArray(pages.path, storedPaths), eq(pages.isHome, false)))
    : [];
  const slugs = (prefix: string) =>
    paths.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  const [articles, studies, episodes] = await Promise.all(
    (
      [
        ["/insights/", insights],
        ["/case-studies/", caseStudies],
        ["/podcasts#", podcastEpisodes],
      ] as const
    ).map(async ([prefix, table]) => {
      const list = slugs(prefix);
      if (list.length === 0) return [];
      const rows = await db
        .select({ slug: table.slug, title: table.title })
        .from(table)
        .where(inArray(table.slug, list));
      return rows.map((row) => [`${prefix}${row.slug}`, row.title] as const);
    }),
  );
  return Object.fromEntries([
    ...storedPages.map((page) => [page.path, page.title] as const),
    ...articles,
    ...studies,
    ...episodes,
  ]) as Record<string, string>;
}

export type ContentFigures = Figures & { leads: number; label: string };

/** How many leads carried this touchpoint path (ever). */
async function leadsWith(db: Db, path: string) {
  const [row] = await db
    .select({ leads: countDistinct(leadTouchpoints.leadId) })
    .from(leadTouchpoints)
    .where(eq(leadTouchpoints.path, path));
  return row?.leads ?? 0;
}

/** An insight's or case study's figures for its editor: 30 days of views, and leads ever. */
export async function getPageFigures({
  db,
  path,
  now = new Date(),
}: {
  db: Db;
  path: string;
  now?: Date;
}): Promise<ContentFigures> {
  const [figures, leads] = await Promise.all([
    sumFigures(db, { dimension: "page", value: path, range: last30Days(now) }),
    leadsWith(db, path),
  ]);
  return { ...figures, leads, label: "Views" };
}

/** An episode's figures for its editor: 30 days of plays (and listeners), and leads ever. */
export async function getEpisodeFigures({
  db,
  slug,
  now = new Date(),
}: {
  db: Db;
  slug: string;
  now?: Date;
}): Promise<ContentFigures> {
  const [figures, leads] = await Promise.all([
    sumFigures(db, { dimension: "episode", value: slug, range: last30Days(now) }),
    leadsWith(db, episodeTouchpointPath(slug)),
  ]);
  return { ...figures, leads, label: "Plays" };
}
