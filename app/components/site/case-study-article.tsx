import { findServiceById, servicePath } from "#shared/content/services.ts";
import { CoverImage } from "./content-cards";
import { InternalLink } from "./internal-link";

export type ShownCaseStudy = {
  title: string;
  client: string;
  industry: string;
  services: string[];
  summary: string;
  coverImage: string | null;
  coverAlt: string | null;
  metrics: Array<{ label: string; value: string }>;
  gallery: Array<{ src: string; alt: string }>;
  /** The sections, rendered from Markdown and sanitised on the server (server/content/markdown.ts). */
  challengeHtml: string;
  solutionHtml: string;
  resultsHtml: string;
};

/** A case study as visitors read it; the command center's preview shows the same. */
export function CaseStudyArticle({ study }: { study: ShownCaseStudy }) {
  return (
    <article>
      <header className="pt-10 pb-10">
        <p className="eyebrow mb-4">Case study · {study.client}</p>
        <h1 className="heading-xl max-w-4xl">{study.title}</h1>
        <p className="mt-6 max-w-3xl text-lg leading-relaxed text-mist-300">{study.summary}</p>
        <dl className="mt-8 grid max-w-3xl gap-6 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-mist-400">Client</dt>
            <dd className="mt-1 font-semibold text-white">{study.client}</dd>
          </div>
          <div>
            <dt className="text-mist-400">Industry</dt>
            <dd className="mt-1 font-semibold text-white">
              <InternalLink
                to={`/case-studies?industry=${encodeURIComponent(study.industry)}`}
                className="hover:underline"
              >
                {study.industry}
              </InternalLink>
            </dd>
          </div>
          <div>
            <dt className="text-mist-400">Services</dt>
            <dd className="mt-1 flex flex-col gap-1 font-semibold text-white">
              {study.services.map((id) => {
                const service = findServiceById(id);
                return service ? (
                  <InternalLink key={id} to={servicePath(service)} className="hover:underline">
                    {service.name}
                  </InternalLink>
                ) : (
                  <span key={id}>{id}</span>
                );
              })}
            </dd>
          </div>
        </dl>
      </header>
      <CoverImage
        src={study.coverImage}
        alt={study.coverAlt}
        isEager
        sizes="(min-width: 1280px) 1200px, 100vw"
      />
      {study.metrics.length ? (
        <section aria-labelledby="metrics-heading" className="my-12">
          <h2 id="metrics-heading" className="sr-only">
            Headline results
          </h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            {study.metrics.map((metric) => (
              <div key={metric.label} className="card">
                <dt className="text-sm text-mist-400">{metric.label}</dt>
                <dd className="mt-2 font-display text-4xl font-bold text-frontier-orange">
                  {metric.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="grid max-w-3xl gap-12">
        <Section id="challenge" title="The challenge" html={study.challengeHtml} />
        <Section id="solution" title="What we built" html={study.solutionHtml} />
        <Section id="results" title="The results" html={study.resultsHtml} />
      </div>
      {study.gallery.length ? (
        <section aria-labelledby="gallery-heading" className="mt-16">
          <h2 id="gallery-heading" className="heading-lg mb-6">
            Gallery
          </h2>
          <ul className="grid gap-6 md:grid-cols-2">
            {study.gallery.map((image) => (
              <li key={image.src}>
                <img
                  src={image.src}
                  alt={image.alt}
                  width={1200}
                  height={630}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[40/21] w-full rounded-xl object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function Section({ id, title, html }: { id: string; title: string; html: string }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="heading-lg mb-4">
        {title}
      </h2>
      <div
        className="prose-frontier"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server (server/content/markdown.ts)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
