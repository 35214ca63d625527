import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database, Db } from "#server/db/client.ts";
import { podcastEpisodes } from "#server/db/schema/content.ts";
import { settings } from "#server/db/schema/settings.ts";
import {
  type SyncChannelResult,
  youtubeChannels,
  youtubeSyncRuns,
} from "#server/db/schema/youtube.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { syncSearchDocuments } from "#server/search/index-sync.ts";
import { slugify } from "#shared/content-admin/forms.ts";
import { channelIdSchema } from "#shared/youtube.ts";
import { FeedError, type FeedVideo, fetchChannelFeed } from "./feed";

export const YOUTUBE_SYNC_JOB = "youtube.sync";
export const YOUTUBE_SCHEDULE_JOB = "youtube.schedule";
const SETTINGS_ID = "youtube-sync";

/** The intervals staff can choose, in minutes (0: no scheduled sync). */
export const SYNC_INTERVALS = [0, 15, 60, 360, 1440] as const;

type Actor = { id: string | null; email?: string | null; address?: string | null };

export async function findChannels(db: Db) {
  return db.select().from(youtubeChannels).orderBy(youtubeChannels.createdAt);
}

export async function addChannel({
  database,
  channelId,
  actor,
}: {
  database: Database;
  channelId: unknown;
  actor: Actor;
}) {
  const parsed = channelIdSchema.safeParse(channelId);
  if (!parsed.success)
    throw new AppError("INVALID", parsed.error.issues[0].message, {
      fieldErrors: { channelId: [parsed.error.issues[0].message] },
    });
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(youtubeChannels)
      .values({ channelId: parsed.data })
      .onConflictDoNothing({ target: youtubeChannels.channelId })
      .returning();
    if (!row)
      throw new AppError("CONFLICT", "That channel is on the list already.", {
        fieldErrors: { channelId: ["That channel is on the list already."] },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "add-channel",
      area: "youtube-sync",
      recordId: row.id,
      detail: { channelId: row.channelId },
    });
    return row;
  });
}

/** Stops syncing a channel; its episodes stay (staff remove them in Podcasts if they want). */
export async function removeChannel({
  database,
  id,
  actor,
}: {
  database: Database;
  id: string;
  actor: Actor;
}) {
  await database.db.transaction(async (tx) => {
    const [row] = await tx.delete(youtubeChannels).where(eq(youtubeChannels.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "That channel is not on the list any more.");
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "remove-channel",
      area: "youtube-sync",
      recordId: id,
      detail: { channelId: row.channelId },
    });
  });
}

export async function getSyncInterval(db: Db) {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  const minutes = Number(row?.value?.intervalMinutes ?? 0);
  return (SYNC_INTERVALS as readonly number[]).includes(minutes) ? minutes : 0;
}

export async function setSyncInterval({
  database,
  minutes,
  actor,
}: {
  database: Database;
  minutes: unknown;
  actor: Actor;
}) {
  const value = Number(minutes);
  if (!(SYNC_INTERVALS as readonly number[]).includes(value))
    throw new AppError("INVALID", "Choose one of the intervals in the list.");
  await database.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: SETTINGS_ID, value: { intervalMinutes: value } })
      .onConflictDoUpdate({
        target: settings.id,
        set: { value: { intervalMinutes: value }, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "set-interval",
      area: "youtube-sync",
      detail: { intervalMinutes: value },
    });
  });
}

export async function findRecentRuns(db: Db, limit = 5) {
  return db.select().from(youtubeSyncRuns).orderBy(desc(youtubeSyncRuns.startedAt)).limit(limit);
}

/** A run that started within the last ten minutes and has not finished (a crashed one does not block for ever). */
async function findRunningRun(db: Db) {
  const [row] = await db
    .select()
    .from(youtubeSyncRuns)
    .where(
      and(
        eq(youtubeSyncRuns.status, "running"),
        gt(youtubeSyncRuns.startedAt, new Date(Date.now() - 10 * 60_000)),
      ),
    )
    .limit(1);
  return row;
}

/** Opens a run (or returns the one already going); the job runs it. */
export async function startSyncRun(
  db: Db,
  { trigger, actorId }: { trigger: "manual" | "schedule"; actorId?: string | null },
) {
  const running = await findRunningRun(db);
  if (running) return { run: running, isNew: false };
  const [run] = await db
    .insert(youtubeSyncRuns)
    .values({ trigger, actorId: actorId ?? null })
    .returning();
  return { run, isNew: true };
}

/** A slug from the title plus a short fingerprint of the video id, so two videos never share one. */
function videoSlug(video: FeedVideo) {
  const fingerprint = createHash("sha256").update(video.videoId).digest("hex").slice(0, 8);
  const base = slugify(video.title).slice(0, 80).replace(/-+$/, "") || "video";
  return `${base}-${fingerprint}`;
}

/**
 * Writes one channel's videos: new ones become published video episodes,
 * changed ones get the feed's title, description and thumbnail (their state,
 * set by staff, stays). The unique video id makes a second run change nothing.
 */
async function storeVideos(db: Db, channelId: string, videos: FeedVideo[]) {
  if (videos.length === 0) return { added: 0, updated: 0 };
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({
        id: podcastEpisodes.id,
        youtubeVideoId: podcastEpisodes.youtubeVideoId,
        title: podcastEpisodes.title,
        showNotes: podcastEpisodes.showNotes,
        thumbnailUrl: podcastEpisodes.thumbnailUrl,
      })
      .from(podcastEpisodes)
      .where(
        inArray(
          podcastEpisodes.youtubeVideoId,
          videos.map((video) => video.videoId),
        ),
      );
    const byVideo = new Map(existing.map((row) => [row.youtubeVideoId, row]));
    let added = 0;
    let updated = 0;
    const changedIds: string[] = [];
    const now = new Date();
    for (const video of videos) {
      const row = byVideo.get(video.videoId);
      if (!row) {
        const inserted = await tx
          .insert(podcastEpisodes)
          .values({
            kind: "video",
            slug: videoSlug(video),
            title: video.title,
            showNotes: video.description,
            youtubeVideoId: video.videoId,
            youtubeChannelId: channelId,
            thumbnailUrl: video.thumbnailUrl,
            coverImage: video.thumbnailUrl,
            status: "published",
            publishedAt: video.publishedAt,
          })
          .onConflictDoNothing()
          .returning({ id: podcastEpisodes.id });
        added += inserted.length;
        changedIds.push(...inserted.map((episode) => episode.id));
        continue;
      }
      if (
        row.title === video.title &&
        row.showNotes === video.description &&
        row.thumbnailUrl === video.thumbnailUrl
      )
        continue;
      await tx
        .update(podcastEpisodes)
        .set({
          title: video.title,
          showNotes: video.description,
          thumbnailUrl: video.thumbnailUrl,
          updatedAt: now,
        })
        .where(eq(podcastEpisodes.id, row.id));
      changedIds.push(row.id);
      updated++;
    }
    await syncSearchDocuments(tx, { kind: "episode", ids: changedIds });
    return { added, updated };
  });
}

/** Runs a sync: every enabled channel in turn, progress written after each one. */
export async function runSync({
  database,
  env,
  runId,
}: {
  database: Database;
  env: Pick<Env, "YOUTUBE_FEED_URL">;
  runId: string;
}) {
  const { db } = database;
  const [run] = await db.select().from(youtubeSyncRuns).where(eq(youtubeSyncRuns.id, runId));
  if (run?.status !== "running") return run;
  const channels = await db
    .select()
    .from(youtubeChannels)
    .where(eq(youtubeChannels.isEnabled, true))
    .orderBy(youtubeChannels.createdAt);
  await db
    .update(youtubeSyncRuns)
    .set({ channelsTotal: channels.length })
    .where(eq(youtubeSyncRuns.id, runId));
  const results: SyncChannelResult[] = [];
  for (const channel of channels) {
    let result: SyncChannelResult;
    try {
      const feed = await fetchChannelFeed({
        baseUrl: env.YOUTUBE_FEED_URL,
        channelId: channel.channelId,
      });
      const stored = await storeVideos(db, channel.channelId, feed.videos);
      result = { channelId: channel.channelId, status: "ok", ...stored };
      await db
        .update(youtubeChannels)
        .set({
          title: feed.title ?? channel.title,
          lastSyncAt: new Date(),
          lastSuccessAt: new Date(),
          lastStatus: "ok",
          lastError: null,
        })
        .where(eq(youtubeChannels.id, channel.id));
    } catch (error) {
      const message =
        error instanceof FeedError
          ? error.message
          : "The sync failed unexpectedly. The last good data is kept.";
      if (!(error instanceof FeedError))
        log.warn(`youtube sync of ${channel.channelId} failed`, error);
      result = {
        channelId: channel.channelId,
        status: "failed",
        added: 0,
        updated: 0,
        error: message,
      };
      await db.transaction(async (tx) => {
        await tx
          .update(youtubeChannels)
          .set({ lastSyncAt: new Date(), lastStatus: "failed", lastError: message })
          .where(eq(youtubeChannels.id, channel.id));
        await recordAudit(tx, {
          actorId: run.actorId,
          action: "sync-failed",
          area: "youtube-sync",
          recordId: channel.id,
          detail: {
            channelId: channel.channelId,
            kind: error instanceof FeedError ? error.kind : "error",
            error: message,
          },
        });
      });
    }
    results.push(result);
    await db
      .update(youtubeSyncRuns)
      .set({
        channelsDone: results.length,
        added: sql`${youtubeSyncRuns.added} + ${result.added}`,
        updated: sql`${youtubeSyncRuns.updated} + ${result.updated}`,
        results,
      })
      .where(eq(youtubeSyncRuns.id, runId));
  }
  const added = results.reduce((total, result) => total + result.added, 0);
  const updated = results.reduce((total, result) => total + result.updated, 0);
  const hasFailures = results.some((result) => result.status === "failed");
  const [finished] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(youtubeSyncRuns)
      .set({
        status:
          hasFailures && results.every((result) => result.status === "failed") ? "failed" : "done",
        finishedAt: new Date(),
      })
      .where(eq(youtubeSyncRuns.id, runId))
      .returning();
    await recordAudit(tx, {
      actorId: run.actorId,
      action: "sync",
      area: "youtube-sync",
      recordId: runId,
      detail: {
        trigger: run.trigger,
        channels: results.length,
        added,
        updated,
        failed: results.filter((result) => result.status === "failed").length,
      },
    });
    return rows;
  });
  if (added + updated > 0) await afterContentChange(database, "youtube sync changed episodes");
  return finished;
}

/** The scheduled tick: starts a run when the chosen interval has passed since the last scheduled one. */
export async function runScheduledSync({
  database,
  env,
  now = new Date(),
}: {
  database: Database;
  env: Pick<Env, "YOUTUBE_FEED_URL">;
  now?: Date;
}) {
  const minutes = await getSyncInterval(database.db);
  if (minutes === 0) return undefined;
  const [last] = await database.db
    .select({ startedAt: youtubeSyncRuns.startedAt })
    .from(youtubeSyncRuns)
    .orderBy(desc(youtubeSyncRuns.startedAt))
    .limit(1);
  if (last && now.getTime() - last.startedAt.getTime() < minutes * 60_000) return undefined;
  const { run, isNew } = await startSyncRun(database.db, { trigger: "schedule" });
  if (!isNew) return undefined;
  return runSync({ database, env, runId: run.id });
}
