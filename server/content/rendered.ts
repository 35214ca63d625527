import { and, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights } from "#server/db/schema/content.ts";
import { log } from "#server/log.ts";
import { findImageSizes } from "#server/media/image-sizes.ts";
import { type ImageSizes, RENDERER_VERSION, readingMinutes, renderMarkdown } from "./markdown";

/**
 * Markdown is rendered and sanitised when it is saved, not on every page (decision 705):
 * the HTML is stored with the renderer version that made it. A row whose version is not
 * the current one (never rendered, changed by a seed or by hand, or rendered by an older
 * renderer) is rendered again at start-up or by the first read that meets it.
 */

export type InsightRendered = { bodyHtml: string; readingMinutes: number; renderedVersion: number };
export type CaseStudyRendered = {
  challengeHtml: string;
  solutionHtml: string;
  resultsHtml: string;
  renderedVersion: number;
};

export function renderInsight(source: { body: string }, imageSizes?: ImageSizes): InsightRendered {
  return {
    bodyHtml: renderMarkdown(source.body, { imageSizes }),
    readingMinutes: readingMinutes(source.body),
    renderedVersion: RENDERER_VERSION,
  };
}

export function renderCaseStudy(
  source: { challenge: string; solution: string; results: string },
  imageSizes?: ImageSizes,
): CaseStudyRendered {
  return {
    challengeHtml: renderMarkdown(source.challenge, { imageSizes }),
    solutionHtml: renderMarkdown(source.solution, { imageSizes }),
    resultsHtml: renderMarkdown(source.results, { imageSizes }),
    renderedVersion: RENDERER_VERSION,
  };
}

/** What an insight's editor save stores beside its Markdown (image sizes read from media). */
export async function renderedInsightFields(db: Db, source: { body: string }) {
  return renderInsight(source, await findImageSizes({ db, texts: [source.body] }));
}

export async function renderedCaseStudyFields(
  db: Db,
  source: { challenge: string; solution: string; results: string },
) {
  const texts = [source.challenge, source.solution, source.results];
  return renderCaseStudy(source, await findImageSizes({ db, texts }));
}

/** Whether a row's stored HTML was made by this renderer. */
export const isFresh = (row: { renderedVersion: number | null }) =>
  row.renderedVersion === RENDERER_VERSION;

/**
 * Rendered by no renderer, or by another version than this one: as two ranges and a null, so
 * the index of the version reads only those rows (`<>` read all 100,000 at every start-up,
 * 186 ms at ten times the data; decision 802).
 */
const staleInsight = or(
  isNull(insights.renderedVersion),
  lt(insights.renderedVersion, RENDERER_VERSION),
  gt(insights.renderedVersion, RENDERER_VERSION),
);
const staleCaseStudy = or(
  isNull(caseStudies.renderedVersion),
  lt(caseStudies.renderedVersion, RENDERER_VERSION),
  gt(caseStudies.renderedVersion, RENDERER_VERSION),
);

/**
 * Renders and stores the insights (these ids, or every stale one) whose HTML is not this
 * renderer's; returns what it stored by id. A failed write is logged: the caller still
 * shows the HTML it was given.
 */
export async function refreshInsights(db: Db, ids?: string[]) {
  const rows = await db
    .select({ id: insights.id, body: insights.body })
    .from(insights)
    .where(ids ? and(inArray(insights.id, ids), staleInsight) : staleInsight);
  const rendered = new Map<string, InsightRendered>();
  for (const row of rows) {
    const fields = await renderedInsightFields(db, row);
    rendered.set(row.id, fields);
    try {
      // Only if the Markdown is still what was rendered (a save meanwhile wins).
      await db
        .update(insights)
        .set(fields)
        .where(and(eq(insights.id, row.id), eq(insights.body, row.body)));
    } catch (error) {
      log.warn("could not store an insight's rendered body", error);
    }
  }
  return rendered;
}

/** The same for case studies (their three sections). */
export async function refreshCaseStudies(db: Db, ids?: string[]) {
  const rows = await db
    .select({
      id: caseStudies.id,
      challenge: caseStudies.challenge,
      solution: caseStudies.solution,
      results: caseStudies.results,
    })
    .from(caseStudies)
    .where(ids ? and(inArray(caseStudies.id, ids), staleCaseStudy) : staleCaseStudy);
  const rendered = new Map<string, CaseStudyRendered>();
  for (const row of rows) {
    const fields = await renderedCaseStudyFields(db, row);
    rendered.set(row.id, fields);
    try {
      await db
        .update(caseStudies)
        .set(fields)
        .where(
          and(
            eq(caseStudies.id, row.id),
            eq(caseStudies.challenge, row.challenge),
            eq(caseStudies.solution, row.solution),
            eq(caseStudies.results, row.results),
          ),
        );
    } catch (error) {
      log.warn("could not store a case study's rendered sections", error);
    }
  }
  return rendered;
}

/** At start-up: every row the current renderer has not rendered is rendered and stored. */
export async function refreshRenderedContent(db: Db) {
  const [insightCount, caseStudyCount] = [
    (await refreshInsights(db)).size,
    (await refreshCaseStudies(db)).size,
  ];
  if (insightCount + caseStudyCount > 0)
    log.info(
      `rendered the Markdown of ${insightCount} insights and ${caseStudyCount} case studies (renderer ${RENDERER_VERSION})`,
    );
}
