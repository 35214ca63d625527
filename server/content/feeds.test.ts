import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { expect, it } from "vitest";
import { podcast } from "#shared/podcast.ts";
import { makeCaseStudy, makeEpisode, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { renderInsightsFeed, renderPodcastFeed, renderRobots } from "./feeds";
import { renderSitemap } from "./sitemap";

const publicUrl = "https://frontier.test";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parse(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

describeEachDatabase("feeds, sitemap and robots", (get) => {
  it("lists published insights in valid RSS 2.0, and no drafts", async () => {
    const { db } = get();
    const live = await makeInsight(db, {
      title: "Ampersands & <angles> ]]> survive",
      body: "Body with <script>alert(1)</script> and **bold**",
    });
    const draft = await makeInsight(db, { status: "draft" });
    const feed = parse(await renderInsightsFeed({ db, publicUrl }));
    expect(feed.rss["@version"]).toBe("2.0");
    const items = asList(feed.rss.channel.item);
    const item = items.find((entry) => entry.link === `${publicUrl}/insights/${live.slug}`);
    expect(item.title).toBe("Ampersands & <angles> ]]> survive");
    expect(item.description).toContain("<strong>bold</strong>");
    expect(item.description).not.toContain("<script");
    expect(new Date(item.pubDate).getTime()).toBeGreaterThan(0);
    expect(items.some((entry) => String(entry.link).endsWith(draft.slug))).toBe(false);
  });

  it("describes audio episodes for podcast apps with the iTunes namespace", async () => {
    const { db } = get();
    const episode = await makeEpisode(db, {
      durationSeconds: 125,
      audioBytes: 24044,
      coverImage: "/media/podcast/cover.webp",
    });
    const draft = await makeEpisode(db, { status: "draft" });
    const feed = parse(await renderPodcastFeed({ db, publicUrl }));
    expect(feed.rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    const channel = feed.rss.channel;
    expect(channel["itunes:author"]).toBeTruthy();
    expect(channel["itunes:image"]["@href"]).toBe(`${publicUrl}${podcast.image}`);
    expect(channel["itunes:category"]["@text"]).toBe("Technology");
    expect(String(channel["itunes:explicit"])).toBe("false");
    const items = asList(channel.item);
    const item = items.find((entry) => entry["itunes:title"] === episode.title);
    expect(item.enclosure).toMatchObject({
      "@url": `${publicUrl}${episode.audioUrl}`,
      "@length": "24044",
      "@type": "audio/wav",
    });
    expect(Number(item["itunes:duration"])).toBe(125);
    // A WebP cover is not art podcast apps take: the episode shows the show's artwork.
    expect(item["itunes:image"]).toBeUndefined();
    expect(items.some((entry) => entry["itunes:title"] === draft.title)).toBe(false);
  });

  it("gives podcast apps artwork they accept: a square JPEG of 1,400 to 3,000 px, and PNG or JPEG episode art", async () => {
    const file = readFileSync(path.join(import.meta.dirname, "../../public", podcast.image));
    const { format, width, height } = await sharp(file).metadata();
    expect(format).toBe("jpeg");
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1400);
    expect(width).toBeLessThanOrEqual(3000);

    const { db } = get();
    const episode = await makeEpisode(db, { coverImage: "/uploads/images/episode-art.png" });
    const feed = parse(await renderPodcastFeed({ db, publicUrl }));
    const item = asList(feed.rss.channel.item).find(
      (entry) => entry["itunes:title"] === episode.title,
    );
    expect(item["itunes:image"]["@href"]).toBe(`${publicUrl}/uploads/images/episode-art.png`);
  });

  it("lists every public page and published item with lastmod", async () => {
    const { db } = get();
    const study = await makeCaseStudy(db);
    const hidden = await makeCaseStudy(db, { status: "draft" });
    const insight = await makeInsight(db);
    const sitemap = parse((await renderSitemap({ db, publicUrl })) ?? "");
    const urls = asList(sitemap.urlset.url) as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((entry) => entry.loc);
    for (const path of ["/", "/faq", "/personas", "/services/ai-machine-learning", "/podcasts"])
      expect(locs).toContain(`${publicUrl}${path === "/" ? "/" : path}`);
    expect(locs).toContain(`${publicUrl}/case-studies/${study.slug}`);
    expect(locs).toContain(`${publicUrl}/insights/${insight.slug}`);
    expect(locs).not.toContain(`${publicUrl}/case-studies/${hidden.slug}`);
    expect(urls.every((entry) => entry.lastmod && !Number.isNaN(Date.parse(entry.lastmod)))).toBe(
      true,
    );
  });

  it("points crawlers to the sitemap and keeps them out of private areas", () => {
    const robots = renderRobots(publicUrl);
    expect(robots).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    for (const path of ["/admin", "/proposal", "/onboarding", "/login"])
      expect(robots).toContain(`Disallow: ${path}\n`);
  });
});
