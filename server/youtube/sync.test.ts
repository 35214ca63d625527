import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findPublishedEpisodes } from "#server/content/podcasts.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { podcastEpisodes } from "#server/db/schema/content.ts";
import { youtubeChannels } from "#server/db/schema/youtube.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { addChannel, runScheduledSync, runSync, setSyncInterval, startSyncRun } from "./sync";

const fixture = readFileSync(
  new URL("../../tests/fixtures/youtube-feed.xml", import.meta.url),
  "utf8",
);
const GOOD = "UCfrontierTestChannel001";
const BROKEN = "UCbrokenFeedChannel00001";
const UNKNOWN = "UCunknownChannel00000001";
const actor = { id: "admin-1", email: "admin@frontier.test" };

// A recorded feed served locally: the good channel, one that answers HTML, one YouTube does not know.
let feedServer: Server;
let feedBase: string;
let goodFeed = fixture;

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const channel = new URL(request.url ?? "/", "http://localhost").searchParams.get("channel_id");
    if (channel === GOOD) {
      response.setHeader("Content-Type", "application/atom+xml; charset=UTF-8");
      response.end(goodFeed);
    } else if (channel === BROKEN) {
      response.setHeader("Content-Type", "text/html");
      response.end("<html><body>Service moved</body></html>");
    } else {
      response.statusCode = 404;
      response.end("Not Found");
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feeds/videos.xml`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
});

describeEachDatabase("youtube sync", (get) => {
  it("imports a recorded feed as published video episodes, and a second run changes nothing", async () => {
    const database = get();
    goodFeed = fixture;
    await addChannel({ database, channelId: GOOD, actor });
    const env = { YOUTUBE_FEED_URL: feedBase };

    const first = await startSyncRun(database.db, { trigger: "manual", actorId: actor.id });
    const done = await runSync({ database, env, runId: first.run.id });
    expect(done).toMatchObject({
      status: "done",
      channelsTotal: 1,
      channelsDone: 1,
      added: 3,
      updated: 0,
    });
    const videos = await database.db
      .select()
      .from(podcastEpisodes)
      .where(eq(podcastEpisodes.youtubeChannelId, GOOD));
    expect(videos).toHaveLength(3);
    const offline = videos.find((video) => video.youtubeVideoId === "FrtVideo0002");
    expect(offline).toMatchObject({
      kind: "video",
      status: "published",
      title: "Shipping an offline-first mobile app",
      thumbnailUrl: "https://i2.ytimg.com/vi/FrtVideo0002/hqdefault.jpg",
      publishedAt: new Date("2024-02-14T16:00:00Z"),
    });
    const listed = await findPublishedEpisodes({ db: database.db, pageSize: 100 });
    expect(listed.items.filter((item) => item.kind === "video")).toHaveLength(3);
    const [channel] = await database.db
      .select()
      .from(youtubeChannels)
      .where(eq(youtubeChannels.channelId, GOOD));
    expect(channel).toMatchObject({ title: "Frontier Engineering Talks", lastStatus: "ok" });

    const second = await startSyncRun(database.db, { trigger: "manual" });
    const again = await runSync({ database, env, runId: second.run.id });
    expect(again).toMatchObject({ status: "done", added: 0, updated: 0 });
    expect(
      await database.db
        .select()
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.youtubeChannelId, GOOD)),
    ).toHaveLength(3);

    // A changed title is updated in place; a staff decision (draft) stays.
    await database.db
      .update(podcastEpisodes)
      .set({ status: "draft" })
      .where(eq(podcastEpisodes.youtubeVideoId, "FrtVideo0001"));
    goodFeed = fixture.replaceAll(
      "Evaluating LLM features before launch",
      "Evaluating LLM features before and after launch",
    );
    const third = await startSyncRun(database.db, { trigger: "manual" });
    expect(await runSync({ database, env, runId: third.run.id })).toMatchObject({
      added: 0,
      updated: 1,
    });
    const [changed] = await database.db
      .select()
      .from(podcastEpisodes)
      .where(eq(podcastEpisodes.youtubeVideoId, "FrtVideo0001"));
    expect(changed).toMatchObject({
      title: "Evaluating LLM features before and after launch",
      status: "draft",
    });
    goodFeed = fixture;
  });

  it("survives a broken, an unknown and an unreachable feed, keeping the last good data and saying why", async () => {
    const database = get();
    await addChannel({ database, channelId: BROKEN, actor });
    await addChannel({ database, channelId: UNKNOWN, actor });
    const before = await database.db.select().from(podcastEpisodes);

    const { run } = await startSyncRun(database.db, { trigger: "manual", actorId: actor.id });
    const done = await runSync({ database, env: { YOUTUBE_FEED_URL: feedBase }, runId: run.id });
    expect(done?.status).toBe("done");
    const byChannel = new Map(done?.results.map((result) => [result.channelId, result]));
    expect(byChannel.get(GOOD)?.status).toBe("ok");
    expect(byChannel.get(BROKEN)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/not with a YouTube channel feed/),
    });
    expect(byChannel.get(UNKNOWN)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/knows no channel .* 404/),
    });

    // Nothing answers at all: every channel fails, the episodes stay as they were.
    const unreachable = await startSyncRun(database.db, { trigger: "manual" });
    const failed = await runSync({
      database,
      env: { YOUTUBE_FEED_URL: "http://127.0.0.1:9/feed" },
      runId: unreachable.run.id,
    });
    expect(failed?.status).toBe("failed");
    expect(
      failed?.results.every((result) => result.error?.startsWith("Could not reach the feed")),
    ).toBe(true);
    expect(await database.db.select().from(podcastEpisodes)).toHaveLength(before.length);
    const [channel] = await database.db
      .select()
      .from(youtubeChannels)
      .where(eq(youtubeChannels.channelId, GOOD));
    expect(channel.lastStatus).toBe("failed");
    expect(channel.lastSuccessAt).toBeInstanceOf(Date);

    const failures = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "youtube-sync"), eq(auditEvents.action, "sync-failed")));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(failures.map((event) => event.detail.kind)).toEqual(
      expect.arrayContaining(["not-a-feed", "unknown-channel", "unreachable"]),
    );
  });

  it("refuses a malformed or repeated channel id", async () => {
    const database = get();
    await expect(addChannel({ database, channelId: "not-a-channel", actor })).rejects.toThrow(
      /starts with UC/,
    );
    await expect(addChannel({ database, channelId: GOOD, actor })).rejects.toThrow(/already/);
  });

  it("runs on schedule only when the chosen interval has passed", async () => {
    const database = get();
    const env = { YOUTUBE_FEED_URL: feedBase };
    await setSyncInterval({ database, minutes: 0, actor });
    expect(await runScheduledSync({ database, env })).toBeUndefined();
    await setSyncInterval({ database, minutes: 60, actor });
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    const run = await runScheduledSync({ database, env, now: later });
    expect(run?.trigger).toBe("schedule");
    // The run just made counts: the next one waits for the interval.
    expect(
      await runScheduledSync({ database, env, now: new Date(Date.now() + 30 * 60_000) }),
    ).toBeUndefined();
    await expect(setSyncInterval({ database, minutes: 7, actor })).rejects.toThrow(/intervals/);
  });
});
