import { statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  caseStudies,
  comments,
  insights,
  podcastEpisodes,
  testimonials,
} from "#server/db/schema/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { seedPublicContent } from "./seed-public-content";

describeEachDatabase("public content seed", (get) => {
  it("fills every kind of content once, with real files behind the media", async () => {
    const { db } = get();
    await seedPublicContent(db);
    await seedPublicContent(db);
    const studies = await db.select().from(caseStudies);
    const articles = await db.select().from(insights);
    const episodes = await db.select().from(podcastEpisodes);
    expect(studies.length).toBeGreaterThanOrEqual(6);
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect((await db.select().from(testimonials)).length).toBeGreaterThanOrEqual(6);
    expect(episodes.length).toBeGreaterThanOrEqual(4);
    expect(
      (await db.select().from(comments).where(eq(comments.status, "approved"))).length,
    ).toBeGreaterThanOrEqual(2);
    expect(studies.every((study) => study.relatedIds.length > 0)).toBe(true);
    const publicDir = path.resolve(import.meta.dirname, "../../public");
    for (const episode of episodes) {
      expect(statSync(path.join(publicDir, episode.audioUrl ?? "")).size).toBe(episode.audioBytes);
    }
    for (const image of studies.flatMap((study) => study.gallery)) {
      expect(image.alt).toBeTruthy();
      expect(statSync(path.join(publicDir, image.src)).isFile()).toBe(true);
    }
    for (const item of [...studies, ...articles]) {
      expect(item.coverAlt).toBeTruthy();
      expect(statSync(path.join(publicDir, item.coverImage ?? "")).isFile()).toBe(true);
    }
  });
});
