import { and, asc, count, eq, gt, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { renderMarkdown } from "#server/content/markdown.ts";
import { isLive } from "#server/content/published.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";
import type { ListQuery } from "./schemas";

/** Dates as the API writes them. */
export const iso = (value: Date) => value.toISOString();
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

type Listed = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * One page of a table's rows in a stable order: oldest change first (updatedAt, then id),
 * so a client can follow `updatedSince` page by page.
 */
export async function listPage<Row>({
  db,
  table,
  where,
  query,
  select,
}: {
  db: Db;
  table: Listed;
  where?: SQL;
  query: ListQuery;
  select: (limit: number, offset: number, where?: SQL) => Promise<Row[]>;
}) {
  const since = query.updatedSince ? new Date(query.updatedSince) : undefined;
  const filter = and(where, since ? gt(table.updatedAt, since) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(table).where(filter);
  const offset = (query.page - 1) * query.pageSize;
  const rows = offset < total ? await select(query.pageSize, offset, filter) : [];
  return {
    data: rows,
    page: query.page,
    pageSize: query.pageSize,
    total,
    hasMore: offset + rows.length < total,
  };
}

function insightOut(publicUrl: string, row: typeof insights.$inferSelect) {
  return {
    id: row.id,
    slug: row.slug,
    url: `${publicUrl}/insights/${row.slug}`,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    bodyHtml: renderMarkdown(row.body),
    author: row.author,
    tags: row.tags,
    coverImage: row.coverImage,
    publishedAt: isoOrNull(row.publishedAt),
    updatedAt: iso(row.updatedAt),
  };
}

function caseStudyOut(publicUrl: string, row: typeof caseStudies.$inferSelect) {
  return {
    id: row.id,
    slug: row.slug,
    url: `${publicUrl}/case-studies/${row.slug}`,
    title: row.title,
    client: row.client,
    industry: row.industry,
    services: row.services,
    summary: row.summary,
    challenge: row.challenge,
    solution: row.solution,
    results: row.results,
    metrics: row.metrics.map(({ label, value }) => ({ label, value })),
    coverImage: row.coverImage,
    publishedAt: isoOrNull(row.publishedAt),
    updatedAt: iso(row.updatedAt),
  };
}

function episodeOut(publicUrl: string, row: typeof podcastEpisodes.$inferSelect) {
  return {
    id: row.id,
    slug: row.slug,
    url: `${publicUrl}/podcasts#${row.slug}`,
    title: row.title,
    kind: row.kind,
    showNotes: row.showNotes,
    audioUrl: row.audioUrl,
    audioBytes: row.audioBytes,
    audioType: row.audioType,
    durationSeconds: row.durationSeconds,
    season: row.season,
    episode: row.episode,
    youtubeVideoId: row.youtubeVideoId,
    coverImage: row.coverImage ?? row.thumbnailUrl,
    publishedAt: isoOrNull(row.publishedAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The three kinds of published content, as the API shows them: only what is live on the site. */
const kinds = {
  insights: { table: insights, out: insightOut },
  caseStudies: { table: caseStudies, out: caseStudyOut },
  episodes: { table: podcastEpisodes, out: episodeOut },
} as const;

export type ContentKind = keyof typeof kinds;

export function listContent({
  db,
  kind,
  query,
  publicUrl,
}: {
  db: Db;
  kind: ContentKind;
  query: ListQuery;
  publicUrl: string;
}) {
  const { table, out } = kinds[kind];
  return listPage({
    db,
    table,
    where: isLive(table),
    query,
    select: async (limit, offset, where) =>
      (
        await db
          .select()
          .from(table)
          .where(where)
          .orderBy(asc(table.updatedAt), asc(table.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => out(publicUrl, row as never)),
  });
}

/** One live item by its id or its slug, or undefined. */
export async function getContent({
  db,
  kind,
  idOrSlug,
  publicUrl,
}: {
  db: Db;
  kind: ContentKind;
  idOrSlug: string;
  publicUrl: string;
}) {
  const { table, out } = kinds[kind];
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [row] = await db
    .select()
    .from(table)
    .where(
      and(
        isLive(table),
        isId ? or(eq(table.id, idOrSlug), eq(table.slug, idOrSlug)) : eq(table.slug, idOrSlug),
      ),
    );
  return row ? out(publicUrl, row as never) : undefined;
}
