import { count, desc } from "drizzle-orm";
import { clampPage } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { podcastEpisodes } from "#server/db/schema/content.ts";
import { findImageSizes } from "#server/media/image-sizes.ts";
import { renderMarkdown } from "./markdown";
import { isLive, type Page } from "./published";

export const PODCASTS_PAGE_SIZE = 10;

export type PublicEpisode = Awaited<ReturnType<typeof selectEpisodes>>[number] & {
  showNotesHtml: string;
};

function selectEpisodes(db: Db) {
  return db
    .select({
      id: podcastEpisodes.id,
      slug: podcastEpisodes.slug,
      title: podcastEpisodes.title,
      showNotes: podcastEpisodes.showNotes,
      kind: podcastEpisodes.kind,
      audioUrl: podcastEpisodes.audioUrl,
      audioBytes: podcastEpisodes.audioBytes,
      audioType: podcastEpisodes.audioType,
      durationSeconds: podcastEpisodes.durationSeconds,
      season: podcastEpisodes.season,
      episode: podcastEpisodes.episode,
      coverImage: podcastEpisodes.coverImage,
      isExplicit: podcastEpisodes.isExplicit,
      youtubeVideoId: podcastEpisodes.youtubeVideoId,
      thumbnailUrl: podcastEpisodes.thumbnailUrl,
      seoDescription: podcastEpisodes.seoDescription,
      publishedAt: podcastEpisodes.publishedAt,
      updatedAt: podcastEpisodes.updatedAt,
    })
    .from(podcastEpisodes)
    .where(isLive(podcastEpisodes))
    .orderBy(desc(podcastEpisodes.publishedAt), desc(podcastEpisodes.createdAt))
    .$dynamic();
}

/** Published episodes (audio and video), newest first, with show notes rendered. */
export async function findPublishedEpisodes({
  db,
  page,
  pageSize = PODCASTS_PAGE_SIZE,
}: {
  db: Db;
  page?: number;
  pageSize?: number;
}): Promise<Page<PublicEpisode>> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(podcastEpisodes)
    .where(isLive(podcastEpisodes));
  const clamped = clampPage(page, total, pageSize);
  const rows = await selectEpisodes(db)
    .limit(pageSize)
    .offset((clamped.page - 1) * pageSize);
  const imageSizes = await findImageSizes({ db, texts: rows.map((row) => row.showNotes) });
  return {
    items: rows.map((row) => ({
      ...row,
      showNotesHtml: renderMarkdown(row.showNotes, { imageSizes }),
    })),
    ...clamped,
    total,
  };
}

/** The audio episodes a podcast feed can carry (a feed item needs an enclosure). */
export async function findAudioEpisodesForFeed({ db, limit = 100 }: { db: Db; limit?: number }) {
  const rows = await selectEpisodes(db).limit(limit);
  return rows
    .filter((row) => row.kind === "audio" && row.audioUrl && row.audioBytes && row.audioType)
    .map((row) => ({
      ...row,
      showNotesHtml: renderMarkdown(row.showNotes, { isResponsive: false }),
    }));
}
