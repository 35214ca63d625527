import type { Db } from "#server/db/client.ts";
import { podcast } from "#shared/podcast.ts";
import { absoluteUrl, SITE_NAME } from "#shared/seo.ts";
import { findInsightsForFeed } from "./insights";
import { findAudioEpisodesForFeed } from "./podcasts";

/** Characters XML 1.0 does not allow at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching exactly those characters to drop them
const invalidXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for XML element content and attribute values. */
export function xml(text: string | number) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(invalidXmlCharacters, "");
}

/** Wraps HTML for an RSS description in CDATA, safely even if it contains "]]>". */
function cdata(html: string) {
  return `<![CDATA[${html.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

const rfc822 = (date: Date | string | null | undefined) =>
  new Date(date ?? Date.now()).toUTCString();

/** RSS 2.0 of the newest published insights. */
export async function renderInsightsFeed({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const items = await findInsightsForFeed({ db });
  const self = absoluteUrl(publicUrl, "/insights.rss");
  const lastBuild = items[0]?.publishedAt ?? new Date();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${xml(`${SITE_NAME} Insights`)}</title>
<link>${xml(absoluteUrl(publicUrl, "/insights"))}</link>
<description>Field notes from Digital Frontier's engineers and designers.</description>
<language>en</language>
<lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>
<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
${items
  .map((item) => {
    const url = absoluteUrl(publicUrl, `/insights/${item.slug}`);
    return `<item>
<title>${xml(item.title)}</title>
<link>${xml(url)}</link>
<guid isPermaLink="true">${xml(url)}</guid>
<pubDate>${rfc822(item.publishedAt)}</pubDate>
<dc:creator>${xml(item.author)}</dc:creator>
${item.tags.map((tag) => `<category>${xml(tag)}</category>`).join("\n")}
<description>${cdata(`<p>${xml(item.excerpt)}</p>${item.html}`)}</description>
</item>`;
  })
  .join("\n")}
</channel>
</rss>
`;
}

/** Podcast apps take JPEG or PNG artwork only; an episode with other art shows the show's. */
const PODCAST_ART = /\.(jpe?g|png)(\?.*)?$/i;

/** RSS 2.0 with the iTunes namespace: what podcast apps need to list and play episodes. */
export async function renderPodcastFeed({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const episodes = await findAudioEpisodesForFeed({ db });
  const self = absoluteUrl(publicUrl, "/podcasts.rss");
  const image = absoluteUrl(publicUrl, podcast.image);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${xml(podcast.name)}</title>
<link>${xml(absoluteUrl(publicUrl, "/podcasts"))}</link>
<description>${xml(podcast.description)}</description>
<language>${podcast.language}</language>
<copyright>${xml(`© ${new Date().getUTCFullYear()} ${SITE_NAME}`)}</copyright>
<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
<image><url>${xml(image)}</url><title>${xml(podcast.name)}</title><link>${xml(absoluteUrl(publicUrl, "/podcasts"))}</link></image>
<itunes:author>${xml(podcast.author)}</itunes:author>
<itunes:owner><itunes:name>${xml(podcast.author)}</itunes:name><itunes:email>${xml(podcast.email)}</itunes:email></itunes:owner>
<itunes:image href="${xml(image)}"/>
<itunes:category text="${xml(podcast.category)}"/>
<itunes:explicit>false</itunes:explicit>
<itunes:type>episodic</itunes:type>
${episodes
  .map((episode) => {
    const url = absoluteUrl(publicUrl, `/podcasts#${episode.slug}`);
    return `<item>
<title>${xml(episode.title)}</title>
<link>${xml(url)}</link>
<guid isPermaLink="false">${xml(episode.id)}</guid>
<pubDate>${rfc822(episode.publishedAt)}</pubDate>
<description>${cdata(episode.showNotesHtml)}</description>
<enclosure url="${xml(absoluteUrl(publicUrl, episode.audioUrl ?? ""))}" length="${episode.audioBytes}" type="${xml(episode.audioType ?? "audio/mpeg")}"/>
<itunes:title>${xml(episode.title)}</itunes:title>
<itunes:author>${xml(podcast.author)}</itunes:author>
${episode.durationSeconds ? `<itunes:duration>${episode.durationSeconds}</itunes:duration>` : ""}
${episode.season ? `<itunes:season>${episode.season}</itunes:season>` : ""}
${episode.episode ? `<itunes:episode>${episode.episode}</itunes:episode>` : ""}
<itunes:episodeType>full</itunes:episodeType>
<itunes:explicit>${episode.isExplicit ? "true" : "false"}</itunes:explicit>
${episode.coverImage && PODCAST_ART.test(episode.coverImage) ? `<itunes:image href="${xml(absoluteUrl(publicUrl, episode.coverImage))}"/>` : ""}
</item>`;
  })
  .join("\n")}
</channel>
</rss>
`;
}

export function renderRobots(publicUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /proposal",
    "Disallow: /onboarding",
    "Disallow: /login",
    "Disallow: /newsletter",
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
