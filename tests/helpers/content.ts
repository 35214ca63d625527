import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { caseStudies, insights, podcastEpisodes } from "#server/db/schema/content.ts";

const unique = () => randomBytes(4).toString("hex");
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

type CaseStudyRow = typeof caseStudies.$inferInsert;
type InsightRow = typeof insights.$inferInsert;
type EpisodeRow = typeof podcastEpisodes.$inferInsert;

/** A published case study (override anything). */
export async function makeCaseStudy(db: Db, overrides: Partial<CaseStudyRow> = {}) {
  const id = unique();
  const [row] = await db
    .insert(caseStudies)
    .values({
      slug: `case-${id}`,
      title: `Case ${id}`,
      client: `Client ${id}`,
      industry: "Logistics",
      services: ["web-platforms"],
      summary: "A summary.",
      challenge: "The **challenge**.",
      solution: "The solution.",
      results: "The results.",
      metrics: [{ label: "Faster", value: "3x" }],
      status: "published",
      publishedAt: daysAgo(1),
      ...overrides,
    })
    .returning();
  return row;
}

/** A published insight (override anything). */
export async function makeInsight(db: Db, overrides: Partial<InsightRow> = {}) {
  const id = unique();
  const [row] = await db
    .insert(insights)
    .values({
      slug: `insight-${id}`,
      title: `Insight ${id}`,
      excerpt: "An excerpt.",
      body: "## Heading\n\nSome words.",
      author: "Ada Lovelace",
      tags: ["engineering"],
      status: "published",
      publishedAt: daysAgo(1),
      ...overrides,
    })
    .returning();
  return row;
}

/** A published audio episode (override anything). */
export async function makeEpisode(db: Db, overrides: Partial<EpisodeRow> = {}) {
  const id = unique();
  const [row] = await db
    .insert(podcastEpisodes)
    .values({
      slug: `episode-${id}`,
      title: `Episode ${id}`,
      showNotes: "Notes with <script>alert(1)</script> **bold**.",
      kind: "audio",
      audioUrl: "/media/podcast/episode-1.wav",
      audioBytes: 1234,
      audioType: "audio/wav",
      durationSeconds: 65,
      status: "published",
      publishedAt: daysAgo(1),
      ...overrides,
    })
    .returning();
  return row;
}

export { daysAgo, unique };
