import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  notInArray,
} from "drizzle-orm";
import { clampPage } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { caseStudies } from "#server/db/schema/content.ts";
import type { CaseStudyCardData } from "#shared/content/cards.ts";
import { isLive, type Page } from "./published";
import { isFresh, refreshCaseStudies, renderCaseStudy } from "./rendered";

export const CASE_STUDIES_PAGE_SIZE = 6;

const cardColumns = {
  id: caseStudies.id,
  slug: caseStudies.slug,
  title: caseStudies.title,
  client: caseStudies.client,
  industry: caseStudies.industry,
  services: caseStudies.services,
  summary: caseStudies.summary,
  metrics: caseStudies.metrics,
  coverImage: caseStudies.coverImage,
  coverAlt: caseStudies.coverAlt,
  publishedAt: caseStudies.publishedAt,
  updatedAt: caseStudies.updatedAt,
};

export type CaseStudyCard = CaseStudyCardData & {
  id: string;
  publishedAt: Date | null;
  updatedAt: Date;
};

export type CaseStudyFilters = { service?: string; industry?: string; page?: number };

/** Published case studies, newest first, filtered by service id and industry. */
export async function findPublishedCaseStudies({
  db,
  filters = {},
  pageSize = CASE_STUDIES_PAGE_SIZE,
}: {
  db: Db;
  filters?: CaseStudyFilters;
  pageSize?: number;
}): Promise<Page<CaseStudyCard>> {
  const conditions = [isLive(caseStudies)];
  if (filters.service) conditions.push(arrayContains(caseStudies.services, [filters.service]));
  if (filters.industry) conditions.push(eq(caseStudies.industry, filters.industry));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(caseStudies).where(where);
  const { page, pageCount } = clampPage(filters.page, total, pageSize);
  const items = await db
    .select(cardColumns)
    .from(caseStudies)
    .where(where)
    .orderBy(desc(caseStudies.publishedAt), asc(caseStudies.title))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, page, pageCount, total };
}

/** The industries that have at least one published case study, for the filter. */
export async function findCaseStudyIndustries({ db }: { db: Db }) {
  const rows = await db
    .selectDistinct({ industry: caseStudies.industry })
    .from(caseStudies)
    .where(isLive(caseStudies))
    .orderBy(asc(caseStudies.industry));
  return rows.map((row) => row.industry);
}

/** One published case study with its sections rendered, or undefined. */
export async function findPublishedCaseStudy({ db, slug }: { db: Db; slug: string }) {
  const [row] = await db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), isLive(caseStudies)));
  if (!row) return undefined;
  if (isFresh(row)) return caseStudyForDisplay(row);
  const rendered = (await refreshCaseStudies(db, [row.id])).get(row.id);
  return caseStudyForDisplay({ ...row, ...rendered });
}

/**
 * A case study as its page shows it: the sections' HTML stored when it was saved, or (a
 * row this renderer has not rendered) rendered from their Markdown now.
 */
export function caseStudyForDisplay(row: typeof caseStudies.$inferSelect) {
  const {
    challenge,
    solution,
    results,
    challengeHtml,
    solutionHtml,
    resultsHtml,
    renderedVersion: _version,
    ...shown
  } = row;
  if (isFresh(row) && challengeHtml !== null && solutionHtml !== null && resultsHtml !== null)
    return { ...shown, challengeHtml, solutionHtml, resultsHtml };
  const { renderedVersion: _, ...rendered } = renderCaseStudy({ challenge, solution, results });
  return { ...shown, ...rendered };
}

/** Staff-picked related case studies first, then others sharing a service. */
export async function findRelatedCaseStudies({
  db,
  caseStudy,
  limit = 3,
}: {
  db: Db;
  caseStudy: { id: string; relatedIds: string[]; services: string[] };
  limit?: number;
}): Promise<CaseStudyCard[]> {
  const picked = caseStudy.relatedIds.length
    ? await db
        .select(cardColumns)
        .from(caseStudies)
        .where(and(inArray(caseStudies.id, caseStudy.relatedIds), isLive(caseStudies)))
    : [];
  const ordered = caseStudy.relatedIds
    .map((id) => picked.find((item) => item.id === id))
    .filter((item): item is CaseStudyCard => Boolean(item) && item?.id !== caseStudy.id);
  if (ordered.length >= limit) return ordered.slice(0, limit);
  const exclude = [caseStudy.id, ...ordered.map((item) => item.id)];
  const others = await db
    .select(cardColumns)
    .from(caseStudies)
    .where(and(isLive(caseStudies), notInArray(caseStudies.id, exclude)))
    .orderBy(
      desc(
        arrayOverlaps(caseStudies.services, caseStudy.services.length ? caseStudy.services : [""]),
      ),
      desc(caseStudies.publishedAt),
    )
    .limit(limit - ordered.length);
  return [...ordered, ...others];
}

/** Every published slug with its last change, for the sitemap. */
export async function findCaseStudySitemapEntries({ db }: { db: Db }) {
  return db
    .select({ slug: caseStudies.slug, updatedAt: caseStudies.updatedAt })
    .from(caseStudies)
    .where(isLive(caseStudies))
    .orderBy(desc(caseStudies.publishedAt));
}
