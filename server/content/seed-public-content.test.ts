import { readFileSync, statSync } from "node:fs";
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
    const quotes = await db.select().from(testimonials);
    expect(quotes.length).toBeGreaterThanOrEqual(6);
    expect(episodes.length).toBeGreaterThanOrEqual(4);
    expect(
      (await db.select().from(comments).where(eq(comments.status, "approved"))).length,
    ).toBeGreaterThanOrEqual(2);
    expect(studies.every((study) => study.relatedIds.length > 0)).toBe(true);
    const publicDir = path.resolve(import.meta.dirname, "../../public");
    for (const episode of episodes) {
      expect(statSync(path.join(publicDir, episode.audioUrl ?? "")).size).toBe(episode.audioBytes);
    }
    const images: string[] = [];
    for (const image of studies.flatMap((study) => study.gallery)) {
      expect(image.alt).toBeTruthy();
      images.push(image.src);
    }
    for (const item of [...studies, ...articles]) {
      expect(item.coverAlt).toBeTruthy();
      images.push(item.coverImage ?? "");
    }
    images.push(...episodes.map((episode) => episode.coverImage ?? ""));
    images.push(...quotes.flatMap((quote) => (quote.photoUrl ? [quote.photoUrl] : [])));
    expect(images.length).toBeGreaterThan(20);
    // Every demo image is a WebP drawn from its SVG: an SVG image costs the browser a
    // document of its own on the main thread (decision 744).
    for (const src of images) {
      expect(src).toMatch(/^\/media\/[a-z-]+\/[a-z0-9-]+\.webp$/);
      const header = readFileSync(path.join(publicDir, src)).subarray(0, 12).toString("latin1");
      expect(header).toMatch(/^RIFF.{4}WEBP$/s);
      expect(statSync(path.join(publicDir, src.replace(/\.webp$/, ".svg"))).isFile()).toBe(true);
    }
  });
});
