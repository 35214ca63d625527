import {
  and,
  arrayContains,
  arrayOverlaps,
  count,
  desc,
  eq,
  inArray,
  notInArray,
  sql,
} from "drizzle-orm";
import { clampPage } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { insights } from "#server/db/schema/content.ts";
import type { InsightCardData } from "#shared/content/cards.ts";
import { renderMarkdown } from "./markdown";
import { isLive, type Page } from "./published";
import { isFresh, refreshInsights, renderInsight } from "./rendered";

export const INSIGHTS_PAGE_SIZE = 6;

const cardColumns = {
  id: insights.id,
  slug: insights.slug,
  title: insights.title,
  excerpt: insights.excerpt,
  author: insights.author,
  tags: insights.tags,
  coverImage: insights.coverImage,
  coverAlt: insights.coverAlt,
  publishedAt: insights.publishedAt,
  updatedAt: insights.updatedAt,
  readingMinutes: insights.readingMinutes,
  renderedVersion: insights.renderedVersion,
};

export type InsightCard = InsightCardData & {
  id: string;
  publishedAt: Date | null;
  updatedAt: Date;
};

type InsightRow = Omit<InsightCard, "readingMinutes"> & {
  readingMinutes: number | null;
  renderedVersion: number | null;
};

/** Cards with their stored reading time; a row not yet rendered is rendered (and stored) now. */
async function toCards(db: Db, rows: InsightRow[]): Promise<InsightCard[]> {
  const stale = rows.filter((row) => !isFresh(row)).map((row) => row.id);
  const rendered = stale.length ? await refreshInsights(db, stale) : undefined;
  return rows.map(({ renderedVersion: _version, ...row }) => ({
    ...row,
    readingMinutes: rendered?.get(row.id)?.readingMinutes ?? row.readingMinutes ?? 1,
  }));
}

/** Published insights, newest first, optionally with one tag. */
export async function findPublishedInsights({
  db,
  tag,
  page,
  pageSize = INSIGHTS_PAGE_SIZE,
}: {
  db: Db;
  tag?: string;
  page?: number;
  pageSize?: number;
}): Promise<Page<InsightCard>> {
  const where = tag ? and(isLive(insights), arrayContains(insights.tags, [tag])) : isLive(insights);
  const [{ total }] = await db.select({ total: count() }).from(insights).where(where);
  const clamped = clampPage(page, total, pageSize);
  const rows = await db
    .select(cardColumns)
    .from(insights)
    .where(where)
    .orderBy(desc(insights.publishedAt), desc(insights.createdAt))
    .limit(pageSize)
    .offset((clamped.page - 1) * pageSize);
  return { items: await toCards(db, rows), ...clamped, total };
}

/** Every tag on a published insight, most used first. */
export async function findInsightTags({ db }: { db: Db }) {
  const rows = await db.execute<{ tag: string; uses: number }>(
    sql`select tag, count(*)::int as uses from ${insights}, unnest(${insights.tags}) as tag
        where ${isLive(insights)} group by tag order by uses desc, tag asc`,
  );
  return rows.rows.map((row) => row.tag);
}

/** One published insight with its body rendered and sanitised, or undefined. */
export async function findPublishedInsight({ db, slug }: { db: Db; slug: string }) {
  const [row] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.slug, slug), isLive(insights)));
  if (!row) return undefined;
  if (isFresh(row)) return insightForDisplay(row);
  const rendered = (await refreshInsights(db, [row.id])).get(row.id);
  return insightForDisplay({ ...row, ...rendered });
}

type StoredInsight = typeof insights.$inferSelect;

/**
 * An insight as its page shows it: the HTML stored when it was saved, or (a row this
 * renderer has not rendered, a preview of an unsaved form) rendered from its Markdown now.
 */
export function insightForDisplay(row: StoredInsight) {
  const {
    body,
    bodyHtml,
    readingMinutes: storedMinutes,
    renderedVersion: _version,
    ...shown
  } = row;
  const fresh = isFresh(row) && bodyHtml !== null && storedMinutes !== null;
  const rendered = fresh ? { bodyHtml, readingMinutes: storedMinutes } : renderInsight({ body });
  return { ...shown, html: rendered.bodyHtml, readingMinutes: rendered.readingMinutes };
}

/** Staff-picked related insights first, then the newest sharing a tag. */
export async function findRelatedInsights({
  db,
  insight,
  limit = 3,
}: {
  db: Db;
  insight: { id: string; relatedIds: string[]; tags: string[] };
  limit?: number;
}): Promise<InsightCard[]> {
  const picked = insight.relatedIds.length
    ? await db
        .select(cardColumns)
        .from(insights)
        .where(and(inArray(insights.id, insight.relatedIds), isLive(insights)))
    : [];
  const ordered = insight.relatedIds
    .map((id) => picked.find((item) => item.id === id))
    .filter((item): item is InsightRow => Boolean(item) && item?.id !== insight.id);
  if (ordered.length < limit) {
    const exclude = [insight.id, ...ordered.map((item) => item.id)];
    const others = await db
      .select(cardColumns)
      .from(insights)
      .where(and(isLive(insights), notInArray(insights.id, exclude)))
      .orderBy(
        desc(arrayOverlaps(insights.tags, insight.tags.length ? insight.tags : [""])),
        desc(insights.publishedAt),
      )
      .limit(limit - ordered.length);
    ordered.push(...others);
  }
  return toCards(db, ordered.slice(0, limit));
}

/** Newest published insights with everything a feed needs. */
export async function findInsightsForFeed({ db, limit = 50 }: { db: Db; limit?: number }) {
  const rows = await db
    .select()
    .from(insights)
    .where(isLive(insights))
    .orderBy(desc(insights.publishedAt))
    .limit(limit);
  // Feed readers take the plain image; a relative srcset would not resolve there.
  return rows.map((row) => ({ ...row, html: renderMarkdown(row.body, { isResponsive: false }) }));
}

export async function findInsightSitemapEntries({ db }: { db: Db }) {
  return db
    .select({ slug: insights.slug, updatedAt: insights.updatedAt })
    .from(insights)
    .where(isLive(insights))
    .orderBy(desc(insights.publishedAt));
}

/** The id of a published insight (comments attach to it). */
export async function findLiveInsightId({ db, slug }: { db: Db; slug: string }) {
  const [row] = await db
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.slug, slug), isLive(insights)));
  return row?.id;
}
