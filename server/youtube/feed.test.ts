import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FeedError, feedUrlFor, parseChannelFeed } from "./feed";

const fixture = readFileSync(
  new URL("../../tests/fixtures/youtube-feed.xml", import.meta.url),
  "utf8",
);

describe("reading a channel feed", () => {
  it("reads each video's id, title, description, thumbnail and dates", () => {
    const feed = parseChannelFeed(fixture);
    expect(feed.title).toBe("Frontier Engineering Talks");
    expect(feed.videos).toHaveLength(3);
    expect(feed.videos[1]).toEqual({
      videoId: "FrtVideo0002",
      title: "Shipping an offline-first mobile app",
      description:
        "Sync queues, conflict handling & what we learned taking a field-service app offline.",
      thumbnailUrl: "https://i2.ytimg.com/vi/FrtVideo0002/hqdefault.jpg",
      publishedAt: new Date("2024-02-14T16:00:00Z"),
      updatedAt: new Date("2024-02-15T10:00:00Z"),
    });
  });

  it("calls anything that is not an Atom feed 'not a feed'", () => {
    for (const body of ["<html><body>Hello</body></html>", "{}", ""]) {
      const error = (() => {
        try {
          parseChannelFeed(body);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(FeedError);
      expect((error as FeedError).kind).toBe("not-a-feed");
    }
  });

  it("builds the feed address from the configured base", () => {
    expect(feedUrlFor(undefined, "UCabc")).toBe(
      "https://www.youtube.com/feeds/videos.xml?channel_id=UCabc",
    );
    expect(feedUrlFor("http://127.0.0.1:9999/feed", "UCabc")).toBe(
      "http://127.0.0.1:9999/feed?channel_id=UCabc",
    );
  });
});
