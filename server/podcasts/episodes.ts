import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { containsText, readKeysetPage } from "#server/business/list-query.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import { publishingValues } from "#server/content-admin/publishing.ts";
import type { Database, Db } from "#server/db/client.ts";
import { podcastEpisodes } from "#server/db/schema/content.ts";
import type { Env } from "#server/env.ts";
import { AppError, invalid } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { log } from "#server/log.ts";
import { detectFileType } from "#server/media/validate-upload.ts";
import { safeFetch, UnsafeAddressError } from "#server/net/safe-fetch.ts";
import { syncSearchDocuments } from "#server/search/index-sync.ts";
import { getStorage } from "#server/storage/storage.ts";
import { type PodcastInput, podcastFormSchema } from "#shared/podcasts-admin.ts";
import { readAudioDuration } from "./audio-duration";

export const ADMIN_PAGE_SIZE = 20;

/**
 * When an episode stands in the admin list: published, else scheduled, else created; never
 * empty. Its ordered index, with the id, serves the list's keyset (decision 780).
 */
export const episodeListTime = sql`coalesce(${podcastEpisodes.publishedAt}, ${podcastEpisodes.publishAt}, ${podcastEpisodes.createdAt})`;

/**
 * The admin list, latest first (by `episodeListTime`, the id breaking ties); deep pages by
 * keyset (`after`/`before`, decisions 746, 780; `page` an offset for old addresses), the
 * count cheap past 10,000.
 */
export async function findEpisodesForAdmin(
  db: Db,
  {
    page = 1,
    search = "",
    status,
    pageSize = ADMIN_PAGE_SIZE,
    after,
    before,
  }: {
    page?: number;
    search?: string;
    status?: string;
    pageSize?: number;
    after?: string;
    before?: string;
  },
) {
  const conditions: SQL[] = [];
  if (search)
    conditions.push(
      or(containsText(podcastEpisodes.title, search), containsText(podcastEpisodes.slug, search))!,
    );
  if (status === "audio" || status === "video") conditions.push(eq(podcastEpisodes.kind, status));
  else if (status) conditions.push(eq(podcastEpisodes.status, status as "draft"));
  const where = conditions.length ? and(...conditions) : undefined;
  const query = { page: Math.max(1, page), pageSize, after, before };
  return readKeysetPage({
    db,
    query,
    sort: episodeListTime,
    id: podcastEpisodes.id,
    dir: "desc",
    where,
    count: db.select({ one: sql`1` }).from(podcastEpisodes).where(where),
    select: db
      .select({
        id: podcastEpisodes.id,
        title: podcastEpisodes.title,
        slug: podcastEpisodes.slug,
        kind: podcastEpisodes.kind,
        status: podcastEpisodes.status,
        season: podcastEpisodes.season,
        episode: podcastEpisodes.episode,
        durationSeconds: podcastEpisodes.durationSeconds,
        audioUrl: podcastEpisodes.audioUrl,
        publishAt: podcastEpisodes.publishAt,
        publishedAt: podcastEpisodes.publishedAt,
        updatedAt: podcastEpisodes.updatedAt,
        sortKey: sql<string>`${episodeListTime}::text`,
      })
      .from(podcastEpisodes)
      .$dynamic(),
  });
}

export async function findEpisode(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  return row;
}

type AudioFacts = {
  audioBytes: number | null;
  audioType: string | null;
  durationSeconds: number | null;
};

const typeByExtension: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
};

/**
 * Size, type and duration of the episode's audio. An uploaded file is read
 * from storage (its duration from its headers); for an address elsewhere the
 * type comes from its extension and the rest is left to staff.
 */
export async function readAudioFacts(env: Env, audioUrl: string | null): Promise<AudioFacts> {
  const none = { audioBytes: null, audioType: null, durationSeconds: null };
  if (!audioUrl) return none;
  const extension = audioUrl.split(/[?#]/)[0].split(".").pop()?.toLowerCase() ?? "";
  const guessedType = typeByExtension[extension] ?? null;
  if (/^https?:\/\//.test(audioUrl)) return readRemoteAudioFacts(env, audioUrl, guessedType);
  if (!audioUrl.startsWith("/uploads/")) return publicAudioFacts(audioUrl, guessedType);
  try {
    const stored = await getStorage(env).get(
      decodeURIComponent(audioUrl.slice("/uploads/".length)),
    );
    if (!stored)
      throw new AppError("INVALID", "That audio file is no longer stored: upload it again.", {
        fieldErrors: { audioUrl: ["That audio file is no longer stored: upload it again."] },
      });
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
    const bytes = Buffer.concat(chunks);
    const detected = detectFileType(bytes);
    return {
      audioBytes: bytes.length,
      audioType: detected?.family === "audio" ? detected.contentType : guessedType,
      durationSeconds: readAudioDuration(bytes) ?? null,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn("could not read an uploaded audio file", error);
    return { ...none, audioType: guessedType };
  }
}

// The working directory, not this file's: route modules run from the bundled build.
const publicDir = path.resolve(process.cwd(), "public");

/** A file the site itself serves from public/ (the demo episodes). */
async function publicAudioFacts(audioUrl: string, guessedType: string | null): Promise<AudioFacts> {
  const none = { audioBytes: null, audioType: guessedType, durationSeconds: null };
  const file = path.resolve(publicDir, `.${decodeURIComponent(audioUrl.split(/[?#]/)[0])}`);
  if (!file.startsWith(`${publicDir}${path.sep}`)) return none;
  try {
    const bytes = await readFile(file);
    return {
      audioBytes: bytes.length,
      audioType: guessedType,
      durationSeconds: readAudioDuration(bytes) ?? null,
    };
  } catch {
    return none;
  }
}

/**
 * A file elsewhere: its size and type from a HEAD request, when the host answers quickly.
 * Only public addresses: staff cannot make the server probe its own network (decision 508).
 */
export async function readRemoteAudioFacts(
  env: Pick<Env, "PRIVATE_FETCH_ORIGINS">,
  audioUrl: string,
  guessedType: string | null,
): Promise<AudioFacts> {
  try {
    const response = await safeFetch(audioUrl, {
      method: "HEAD",
      timeoutMs: 4000,
      maxBytes: 0,
      allowedOrigins: env.PRIVATE_FETCH_ORIGINS ?? [],
    });
    const length = Number(response.headers["content-length"]);
    const type = response.headers["content-type"]?.split(";")[0].trim();
    const isOk = response.status >= 200 && response.status < 300;
    return {
      audioBytes: isOk && length > 0 ? length : null,
      audioType: type?.startsWith("audio/") ? type : guessedType,
      durationSeconds: null,
    };
  } catch (error) {
    if (error instanceof UnsafeAddressError) {
      const message = `${error.message} Use a public address, or upload the audio file.`;
      throw new AppError("INVALID", message, { fieldErrors: { audioUrl: [message] } });
    }
    return { audioBytes: null, audioType: guessedType, durationSeconds: null };
  }
}

function parseInput(input: unknown): PodcastInput {
  const parsed = podcastFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

async function assertSlugFree(db: Db, slug: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(
      exceptId
        ? and(eq(podcastEpisodes.slug, slug), ne(podcastEpisodes.id, exceptId))
        : eq(podcastEpisodes.slug, slug),
    );
  if (taken)
    throw new AppError("CONFLICT", "Another episode already uses this slug.", {
      fieldErrors: { slug: ["Another episode already uses this slug: choose another."] },
    });
}

function episodeValues(input: PodcastInput, audio: AudioFacts) {
  return {
    title: input.title,
    slug: input.slug,
    showNotes: input.showNotes,
    audioUrl: input.audioUrl,
    audioBytes: audio.audioBytes,
    audioType: audio.audioType,
    // What staff typed wins; otherwise what the file says.
    durationSeconds: input.duration ?? audio.durationSeconds,
    season: input.season,
    episode: input.episode,
    coverImage: input.coverImage,
    isExplicit: input.isExplicit,
  };
}

export async function createEpisode({
  database,
  env,
  input: raw,
  actor,
}: {
  database: Database;
  env: Env;
  input: unknown;
  actor: Actor;
}) {
  const input = parseInput({ ...(raw as Record<string, unknown>), kind: "audio" });
  await assertSlugFree(database.db, input.slug);
  const audio = await readAudioFacts(env, input.audioUrl);
  const now = new Date();
  const row = await database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(podcastEpisodes)
      .values({
        ...episodeValues(input, audio),
        kind: "audio",
        ...publishingValues(input, undefined, now),
      })
      .returning();
    await syncSearchDocuments(tx, { kind: "episode", ids: [created.id] });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "create",
      area: "podcasts",
      recordId: created.id,
      detail: { title: created.title, status: created.status },
      address: actor.address,
    });
    return created;
  });
  await afterContentChange(database, "podcast episode created");
  return row;
}

export async function updateEpisode({
  database,
  env,
  id,
  input: raw,
  actor,
}: {
  database: Database;
  env: Env;
  id: string;
  input: unknown;
  actor: Actor;
}) {
  const existing = await findEpisode(database.db, id);
  if (!existing) throw new AppError("NOT_FOUND", "That episode no longer exists.");
  // The kind is the episode's own, whatever the form says.
  const input = parseInput({ ...(raw as Record<string, unknown>), kind: existing.kind });
  await assertSlugFree(database.db, input.slug, id);
  // The file is read again only when it changed.
  const audio =
    input.audioUrl === existing.audioUrl
      ? {
          audioBytes: existing.audioBytes,
          audioType: existing.audioType,
          durationSeconds: existing.durationSeconds,
        }
      : await readAudioFacts(env, input.audioUrl);
  const now = new Date();
  const row = await database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(podcastEpisodes)
      .set({
        ...episodeValues(input, audio),
        ...publishingValues(input, existing, now),
        updatedAt: now,
      })
      .where(eq(podcastEpisodes.id, id))
      .returning();
    await syncSearchDocuments(tx, { kind: "episode", ids: [id] });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "update",
      area: "podcasts",
      recordId: id,
      detail: { title: updated.title, status: updated.status },
      address: actor.address,
    });
    return updated;
  });
  await afterContentChange(database, "podcast episode updated");
  return row;
}

export async function deleteEpisode({
  database,
  id,
  actor,
}: {
  database: Database;
  id: string;
  actor: Actor;
}) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "That episode no longer exists.");
  const row = await database.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(podcastEpisodes)
      .where(eq(podcastEpisodes.id, id))
      .returning();
    if (!deleted) throw new AppError("NOT_FOUND", "That episode no longer exists.");
    await syncSearchDocuments(tx, { kind: "episode", ids: [id] });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: "delete",
      area: "podcasts",
      recordId: id,
      detail: { title: deleted.title },
      address: actor.address,
    });
    return deleted;
  });
  await afterContentChange(database, "podcast episode deleted");
  return row;
}

export const PUBLISH_PODCASTS_JOB = "podcasts.publish-scheduled";

/** Publishes scheduled episodes whose time has come (run every minute). */
export async function publishDuePodcasts(
  database: Pick<Database, "db" | "notify">,
  now = new Date(),
) {
  const rows = await database.db.transaction(async (tx) => {
    const published = await tx
      .update(podcastEpisodes)
      .set({
        status: "published",
        publishedAt: sql`${podcastEpisodes.publishAt}`,
        publishAt: null,
        updatedAt: now,
      })
      .where(and(eq(podcastEpisodes.status, "scheduled"), lte(podcastEpisodes.publishAt, now)))
      .returning({ id: podcastEpisodes.id, slug: podcastEpisodes.slug });
    await syncSearchDocuments(tx, { kind: "episode", ids: published.map((row) => row.id) });
    return published;
  });
  if (rows.length) {
    log.info(`published ${rows.length} scheduled episode(s)`);
    await afterContentChange(database, "scheduled podcast episodes published");
  }
  return rows.map((row) => row.slug);
}
