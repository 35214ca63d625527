import { data, useLoaderData } from "react-router";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { PageLinks } from "#app/components/site/page-links.tsx";
import { VideoEmbed } from "#app/components/site/video-embed.tsx";
import { formatDate, formatDuration, isoDuration, spokenDuration } from "#app/lib/format.ts";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { parseListParams } from "#server/content/list-params.ts";
import { findPublishedEpisodes } from "#server/content/podcasts.ts";
import { listPath } from "#shared/list-params.ts";
import { podcast } from "#shared/podcast.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/podcasts";

export async function loader({ context, url }: Route.LoaderArgs) {
  // A page past the last is a 404 (and so not one more copy of the list in the page cache).
  const params = parseListParams(url);
  if (!params) throw data("Not found", { status: 404 });
  const result = await rememberPublicData(context.db, `podcasts:${params.page ?? 1}`, () =>
    findPublishedEpisodes({ db: context.db, page: params.page }),
  );
  if ((params.page ?? 1) > result.pageCount) throw data("No such page", { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  const page = loaded?.page ?? 1;
  const path = listPath("/podcasts", { page });
  return seoMeta({
    title: `Podcasts${page > 1 ? ` (page ${page})` : ""}`,
    description: `${podcast.name}: short conversations with our engineers and designers about AI, architecture, mobile, design systems and immersive tech.${page > 1 ? ` Page ${page}.` : ""}`,
    path,
    publicUrl,
    jsonLd: [
      ...(loaded?.items ?? []).map((episode) => ({
        "@type": "PodcastEpisode",
        name: episode.title,
        url: absoluteUrl(publicUrl, `/podcasts#${episode.slug}`),
        datePublished: episode.publishedAt
          ? new Date(episode.publishedAt).toISOString()
          : undefined,
        episodeNumber: episode.episode ?? undefined,
        timeRequired: episode.durationSeconds ? isoDuration(episode.durationSeconds) : undefined,
        partOfSeries: {
          "@type": "PodcastSeries",
          name: podcast.name,
          url: absoluteUrl(publicUrl, "/podcasts"),
        },
        associatedMedia:
          episode.kind === "audio" && episode.audioUrl
            ? {
                "@type": "MediaObject",
                contentUrl: absoluteUrl(publicUrl, episode.audioUrl),
                encodingFormat: episode.audioType ?? undefined,
              }
            : episode.youtubeVideoId
              ? {
                  "@type": "VideoObject",
                  name: episode.title,
                  embedUrl: `https://www.youtube-nocookie.com/embed/${episode.youtubeVideoId}`,
                  thumbnailUrl: episode.thumbnailUrl ?? undefined,
                  uploadDate: episode.publishedAt
                    ? new Date(episode.publishedAt).toISOString()
                    : undefined,
                }
              : undefined,
        publisher: { "@type": "Organization", name: SITE_NAME },
      })),
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Podcasts", "/podcasts"],
      ]),
    ],
  });
};

export default function PodcastsPage() {
  const { items, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page">
      <PageHero
        eyebrow="Podcasts"
        title={podcast.name}
        lead="Short conversations from inside our projects: what we tried, what worked and what we would do differently."
      >
        <p className="mt-6 text-sm text-mist-400">
          Subscribe in your podcast app with the{" "}
          <a href="/podcasts.rss" className="underline">
            podcast feed
          </a>
          .
        </p>
      </PageHero>
      {items.length ? (
        <ol className="flex flex-col gap-8">
          {items.map((episode) => {
            const titleId = `episode-${episode.slug}-title`;
            return (
              <li
                key={episode.id}
                id={episode.slug}
                data-episode={episode.slug}
                className="card scroll-mt-24"
              >
                <article aria-labelledby={titleId} className="grid gap-6 md:grid-cols-[1fr_2fr]">
                  <div>
                    {episode.kind === "video" && episode.youtubeVideoId ? (
                      <VideoEmbed
                        videoId={episode.youtubeVideoId}
                        title={episode.title}
                        thumbnailUrl={episode.thumbnailUrl}
                      />
                    ) : episode.coverImage ? (
                      <img
                        src={episode.coverImage}
                        alt=""
                        width={1200}
                        height={630}
                        loading="lazy"
                        decoding="async"
                        className="aspect-[40/21] w-full rounded-xl object-cover"
                      />
                    ) : null}
                  </div>
                  <div className="flex flex-col gap-3">
                    <p className="eyebrow">
                      {episode.season && episode.episode
                        ? `Season ${episode.season}, episode ${episode.episode}`
                        : episode.kind === "video"
                          ? "Video episode"
                          : "Episode"}
                    </p>
                    <h2 id={titleId} className="heading-md">
                      {episode.title}
                    </h2>
                    <p className="text-sm text-mist-400">
                      <time
                        dateTime={
                          episode.publishedAt
                            ? new Date(episode.publishedAt).toISOString()
                            : undefined
                        }
                      >
                        {formatDate(episode.publishedAt)}
                      </time>
                      {episode.durationSeconds ? (
                        <>
                          {" · "}
                          <span aria-hidden="true">{formatDuration(episode.durationSeconds)}</span>
                          <span className="sr-only">
                            Duration {spokenDuration(episode.durationSeconds)}
                          </span>
                        </>
                      ) : null}
                    </p>
                    {episode.kind === "audio" && episode.audioUrl ? (
                      // biome-ignore lint/a11y/useMediaCaption: the show notes are the episode's text alternative; audio has no caption track
                      <audio
                        controls
                        preload="none"
                        className="w-full"
                        aria-label={`Play episode: ${episode.title}`}
                      >
                        <source src={episode.audioUrl} type={episode.audioType ?? undefined} />
                        <a href={episode.audioUrl}>Download the episode</a>
                      </audio>
                    ) : null}
                    {episode.showNotesHtml ? (
                      <div className="prose-frontier text-sm">
                        <h3 className="sr-only">Show notes</h3>
                        <div
                          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
                          dangerouslySetInnerHTML={{ __html: episode.showNotesHtml }}
                        />
                      </div>
                    ) : null}
                    {episode.kind === "audio" && episode.audioUrl ? (
                      <p className="text-sm">
                        <a href={episode.audioUrl} download className="underline">
                          Download audio
                        </a>
                      </p>
                    ) : null}
                  </div>
                </article>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="card text-mist-300">The first episode is on its way. Check back soon.</p>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        basePath="/podcasts"
        params={{}}
        label="Episode pages"
      />
    </main>
  );
}
