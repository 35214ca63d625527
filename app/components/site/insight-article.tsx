import { formatDate } from "#app/lib/format.ts";
import { CoverImage, type InsightCardData } from "./content-cards";
import { InternalLink } from "./internal-link";

/** What the article shows: a card's fields (its address aside) and the rendered body. */
export type ShownInsight = Omit<InsightCardData, "slug"> & {
  /** Rendered from Markdown and sanitised on the server (server/content/markdown.ts). */
  html: string;
};

/** An insight's article as visitors read it; the command center's preview shows the same. */
export function InsightArticle({ insight }: { insight: ShownInsight }) {
  const published = insight.publishedAt ? new Date(insight.publishedAt) : undefined;
  return (
    <article className="mx-auto max-w-3xl">
      <header className="pt-10 pb-8">
        <ul className="mb-4 flex flex-wrap gap-2" aria-label="Tags">
          {insight.tags.map((tag) => (
            <li key={tag}>
              <InternalLink
                to={`/insights?tag=${encodeURIComponent(tag)}`}
                className="eyebrow hover:underline"
              >
                #{tag}
              </InternalLink>
            </li>
          ))}
        </ul>
        <h1 className="heading-xl">{insight.title}</h1>
        <p className="mt-6 text-lg leading-relaxed text-mist-300">{insight.excerpt}</p>
        <p className="mt-6 text-sm text-mist-400">
          By <span className="font-semibold text-mist-100">{insight.author}</span> ·{" "}
          <time dateTime={published?.toISOString()}>{formatDate(published)}</time> ·{" "}
          {insight.readingMinutes} min read
        </p>
      </header>
      <CoverImage
        src={insight.coverImage}
        alt={insight.coverAlt}
        isEager
        sizes="(min-width: 768px) 768px, 100vw"
      />
      <div
        className="prose-frontier mt-10"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
        dangerouslySetInnerHTML={{ __html: insight.html }}
      />
    </article>
  );
}
