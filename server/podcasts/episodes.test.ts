import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import { findAudioEpisodesForFeed, findPublishedEpisodes } from "#server/content/podcasts.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { AppError } from "#server/errors.ts";
import { getStorage } from "#server/storage/storage.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  createEpisode,
  deleteEpisode,
  findEpisodesForAdmin,
  publishDuePodcasts,
  updateEpisode,
} from "./episodes";

// The episodes below point at a closed local port: allowed here, so it is merely unreachable.
const env = testEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "frontier-podcasts-")),
  PRIVATE_FETCH_ORIGINS: ["https://127.0.0.1:9"],
});
const actor = { id: "admin-1", email: "admin@frontier.test", address: "10.0.0.1" };
let counter = 0;

function silentWav(seconds: number) {
  const byteRate = 8000;
  const dataSize = seconds * byteRate;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write("RIFF", 0, "latin1");
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write("WAVEfmt ", 8, "latin1");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(4000, 24);
  buffer.writeUInt32LE(byteRate, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "latin1");
  buffer.writeUInt32LE(dataSize, 40);
  return buffer;
}

function form(overrides: Record<string, string> = {}) {
  counter++;
  return {
    title: `Episode ${counter}`,
    slug: `episode-${Date.now()}-${counter}`,
    showNotes: "We talk about **testing**.",
    audioUrl: "https://127.0.0.1:9/episode.mp3",
    duration: "42:30",
    season: "1",
    episode: String(counter),
    status: "published",
    ...overrides,
  };
}

describeEachDatabase("podcast episodes admin", (get) => {
  it("searches the admin list by title or address in any case, with % and _ taken literally", async () => {
    const database = get();
    const unique = `Rate_Limits ${Date.now()}`;
    const episode = await createEpisode({
      database,
      env,
      input: form({ title: `On ${unique}`, audioUrl: "", duration: "", status: "draft" }),
      actor,
    });
    const found = async (search: string) =>
      (await findEpisodesForAdmin(database.db, { search })).rows.map((row) => row.id);
    expect(await found(unique.toUpperCase())).toEqual([episode.id]);
    expect(await found(episode.slug.toUpperCase())).toEqual([episode.id]);
    // Wildcards before the fix: "_" matched any character, "%" any text.
    expect(await found(unique.replace("_", "-"))).toEqual([]);
    expect(await found(`On %${unique.slice(-6)}`)).toEqual([]);
  });

  it("publishes an episode that shows on /podcasts and in the feed, and tells every page cache", async () => {
    const database = get();
    const notices: string[] = [];
    const stop = await database.listen(PUBLIC_PAGES_CHANNEL, (payload) => notices.push(payload));
    const input = form({ audioUrl: "" });
    await getStorage(env).put("audio/test-episode.wav", silentWav(7), "audio/wav");
    const episode = await createEpisode({
      database,
      env,
      input: { ...input, audioUrl: "/uploads/audio/test-episode.wav", duration: "" },
      actor,
    });
    expect(episode).toMatchObject({
      kind: "audio",
      status: "published",
      durationSeconds: 7,
      audioType: "audio/wav",
      audioBytes: 44 + 7 * 8000,
      season: 1,
    });
    expect(episode.publishedAt).toBeInstanceOf(Date);
    const listed = await findPublishedEpisodes({ db: database.db, pageSize: 100 });
    expect(listed.items.some((item) => item.id === episode.id)).toBe(true);
    const feed = await findAudioEpisodesForFeed({ db: database.db });
    expect(feed.some((item) => item.id === episode.id)).toBe(true);
    // The NOTIFY comes back from the database whenever it does: waited for, not timed.
    await expect.poll(() => notices.length).toBeGreaterThan(0);
    await stop();

    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, episode.id));
    expect(audit).toMatchObject({ action: "create", area: "podcasts", actorId: "admin-1" });
  });

  it("takes the typed duration over the file's, and mm:ss or h:mm:ss", async () => {
    const database = get();
    const episode = await createEpisode({
      database,
      env,
      input: form({ duration: "1:02:03" }),
      actor,
    });
    expect(episode.durationSeconds).toBe(3723);
    expect(episode.audioType).toBe("audio/mpeg");
  });

  it("refuses what cannot be saved, with the field to fix", async () => {
    const database = get();
    const taken = form();
    await createEpisode({ database, env, input: taken, actor });
    const duplicate = await createEpisode({
      database,
      env,
      input: form({ slug: taken.slug }),
      actor,
    }).catch((error) => error);
    expect(duplicate).toBeInstanceOf(AppError);
    expect(duplicate.fieldErrors.slug[0]).toMatch(/already uses this slug/);

    const noAudio = await createEpisode({
      database,
      env,
      input: form({ audioUrl: "" }),
      actor,
    }).catch((e) => e);
    expect(noAudio.fieldErrors.audioUrl[0]).toMatch(/Upload the audio file/);
    // The site's Content-Security-Policy blocks http:// media: the player would never play it.
    const insecure = await createEpisode({
      database,
      env,
      input: form({ audioUrl: "http://cdn.example.com/episode.mp3" }),
      actor,
    }).catch((e) => e);
    expect(insecure).toBeInstanceOf(AppError);
    expect(insecure.fieldErrors.audioUrl[0]).toMatch(/starts with http:\/\/.*https:\/\//);
    const badDuration = await createEpisode({
      database,
      env,
      input: form({ duration: "ten" }),
      actor,
    }).catch((e) => e);
    expect(badDuration.fieldErrors.duration[0]).toMatch(/42:30/);
    const noDate = await createEpisode({
      database,
      env,
      input: form({ status: "scheduled" }),
      actor,
    }).catch((e) => e);
    expect(noDate.fieldErrors.publishAt[0]).toBe("Choose when to publish it.");
    // A draft may wait for its audio.
    const draft = await createEpisode({
      database,
      env,
      input: form({ audioUrl: "", status: "draft" }),
      actor,
    });
    expect(draft.status).toBe("draft");
  });

  it("publishes a scheduled episode when its time comes", async () => {
    const database = get();
    const publishAt = new Date(Date.now() + 60 * 60_000);
    const episode = await createEpisode({
      database,
      env,
      input: form({ status: "scheduled", publishAt: publishAt.toISOString() }),
      actor,
    });
    expect(episode.status).toBe("scheduled");
    expect(await publishDuePodcasts(database)).not.toContain(episode.slug);
    expect(await publishDuePodcasts(database, new Date(publishAt.getTime() + 1000))).toContain(
      episode.slug,
    );
  });

  it("updates and deletes an episode", async () => {
    const database = get();
    const episode = await createEpisode({ database, env, input: form(), actor });
    const updated = await updateEpisode({
      database,
      env,
      id: episode.id,
      input: form({ title: "Renamed", slug: episode.slug, status: "draft" }),
      actor,
    });
    expect(updated).toMatchObject({ title: "Renamed", status: "draft" });
    await deleteEpisode({ database, id: episode.id, actor });
    await expect(deleteEpisode({ database, id: episode.id, actor })).rejects.toThrow(
      "no longer exists",
    );
    await expect(deleteEpisode({ database, id: "not-an-id", actor })).rejects.toThrow(
      "no longer exists",
    );
    await expect(
      updateEpisode({ database, env, id: "not-an-id", input: form(), actor }),
    ).rejects.toThrow("no longer exists");
  });
});
