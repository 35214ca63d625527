import { statSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  caseStudies,
  comments,
  insights,
  podcastEpisodes,
  testimonials,
} from "#server/db/schema/content.ts";
import { projectRoot } from "#server/paths.ts";
import { demoCaseStudies } from "./demo-case-studies";
import { demoInsights } from "./demo-insights";
import { demoComments, demoEpisodes, demoTestimonials } from "./demo-more";

const publicDir = path.join(projectRoot, "public");
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** The demo case studies, insights, testimonials, episodes and comments; inserts only what is missing. */
export async function seedPublicContent(db: Db) {
  await seedCaseStudies(db);
  await seedInsights(db);
  await seedTestimonials(db);
  await seedEpisodes(db);
  await seedComments(db);
}

async function seedCaseStudies(db: Db) {
  for (const [index, { related: _related, ...study }] of demoCaseStudies.entries()) {
    await db
      .insert(caseStudies)
      .values({ ...study, status: "published", publishedAt: daysAgo(10 + index * 12) })
      .onConflictDoNothing({ target: caseStudies.slug });
  }
  const rows = await db
    .select({ id: caseStudies.id, slug: caseStudies.slug })
    .from(caseStudies)
    .where(
      inArray(
        caseStudies.slug,
        demoCaseStudies.map((study) => study.slug),
      ),
    );
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  for (const study of demoCaseStudies) {
    const relatedIds = study.related.map((slug) => idOf.get(slug)).filter(Boolean) as string[];
    await db
      .update(caseStudies)
      .set({ relatedIds })
      .where(
        and(eq(caseStudies.slug, study.slug), sql`cardinality(${caseStudies.relatedIds}) = 0`),
      );
  }
}

async function seedInsights(db: Db) {
  for (const { daysAgo: age, ...insight } of demoInsights) {
    await db
      .insert(insights)
      .values({
        ...insight,
        coverImage: `/media/insights/${insight.slug}.webp`,
        coverAlt: `Abstract rings and lines over a dark background, titled ${insight.title}`,
        status: "published",
        publishedAt: daysAgo(age),
      })
      .onConflictDoNothing({ target: insights.slug });
  }
}

async function seedTestimonials(db: Db) {
  const existing = await db
    .select({ name: testimonials.name, company: testimonials.company })
    .from(testimonials);
  const known = new Set(existing.map((row) => `${row.name}|${row.company}`));
  const missing = demoTestimonials.filter((item) => !known.has(`${item.name}|${item.company}`));
  if (missing.length) await db.insert(testimonials).values(missing);
}

async function seedEpisodes(db: Db) {
  for (const { file, daysAgo: age, ...episode } of demoEpisodes) {
    const audioPath = path.join(publicDir, "media/podcast", file);
    await db
      .insert(podcastEpisodes)
      .values({
        ...episode,
        kind: "audio",
        audioUrl: `/media/podcast/${file}`,
        audioBytes: statSync(audioPath).size,
        audioType: "audio/wav",
        coverImage: "/media/podcast/cover.webp",
        status: "published",
        publishedAt: daysAgo(age),
      })
      .onConflictDoNothing({ target: podcastEpisodes.slug });
  }
}

async function seedComments(db: Db) {
  for (const [index, comment] of demoComments.entries()) {
    const [insight] = await db
      .select({ id: insights.id })
      .from(insights)
      .where(eq(insights.slug, comment.insightSlug));
    if (!insight) continue;
    const [existing] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.insightId, insight.id), eq(comments.email, comment.email)));
    if (existing) continue;
    await db.insert(comments).values({
      insightId: insight.id,
      name: comment.name,
      email: comment.email,
      body: comment.body,
      status: "approved",
      createdAt: daysAgo(2 - index * 0.2),
      moderatedAt: daysAgo(1),
    });
  }
}
