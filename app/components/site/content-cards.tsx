import { formatDate } from "#app/lib/format.ts";
import type { CaseStudyCardData, InsightCardData } from "#shared/content/cards.ts";
import { findServiceById } from "#shared/content/services.ts";
import { renditionsOf } from "#shared/images.ts";
import { InternalLink } from "./internal-link";

export type { CaseStudyCardData, InsightCardData } from "#shared/content/cards.ts";

/**
 * A 1200x630 cover: space reserved by width and height, loaded lazily unless it
 * is above the fold. Uploads come as AVIF or WebP at the width the layout needs;
 * our own SVG covers are sharp at any size.
 */
export function CoverImage({
  src,
  alt,
  isEager = false,
  className = "",
  sizes = "(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw",
}: {
  src: string | null;
  alt: string | null;
  isEager?: boolean;
  className?: string;
  sizes?: string;
}) {
  if (!src) return null;
  const renditions = renditionsOf(src);
  const image = (
    <img
      src={src}
      alt={alt ?? ""}
      width={1200}
      height={630}
      loading={isEager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={isEager ? "high" : undefined}
      className={`aspect-[40/21] w-full rounded-xl object-cover ${className}`}
    />
  );
  if (!renditions) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={renditions.avif} sizes={sizes} />
      <source type="image/webp" srcSet={renditions.webp} sizes={sizes} />
      {image}
    </picture>
  );
}

export function CaseStudyCard({
  study,
  headingLevel = 2,
}: {
  study: CaseStudyCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card flex h-full flex-col gap-4">
      <CoverImage src={study.coverImage} alt={study.coverAlt} />
      <p className="eyebrow">
        {study.client} · {study.industry}
      </p>
      <Heading className="heading-md">
        <InternalLink to={`/case-studies/${study.slug}`} className="hover:text-frontier-orange">
          {study.title}
        </InternalLink>
      </Heading>
      <p className="text-mist-300">{study.summary}</p>
      {study.metrics.length ? (
        <dl className="mt-auto grid grid-cols-3 gap-3 border-t border-white/10 pt-4">
          {study.metrics.slice(0, 3).map((metric) => (
            <div key={metric.label}>
              <dt className="text-xs text-mist-400">{metric.label}</dt>
              <dd className="font-display text-lg font-semibold text-white">{metric.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ul className="flex flex-wrap gap-2" aria-label="Services">
        {study.services.map((id) => (
          <li key={id} className="rounded-full bg-white/5 px-3 py-1 text-xs text-mist-300">
            {findServiceById(id)?.name ?? id}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function InsightCard({
  insight,
  headingLevel = 2,
}: {
  insight: InsightCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card flex h-full flex-col gap-4">
      <CoverImage src={insight.coverImage} alt={insight.coverAlt} />
      <Heading className="heading-md">
        <InternalLink to={`/insights/${insight.slug}`} className="hover:text-frontier-orange">
          {insight.title}
        </InternalLink>
      </Heading>
      <p className="text-mist-300">{insight.excerpt}</p>
      <p className="mt-auto text-sm text-mist-400">
        {insight.author} ·{" "}
        <time
          dateTime={insight.publishedAt ? new Date(insight.publishedAt).toISOString() : undefined}
        >
          {formatDate(insight.publishedAt)}
        </time>{" "}
        · {insight.readingMinutes} min read
      </p>
    </article>
  );
}
