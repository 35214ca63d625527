import type { Service } from "#shared/content/services.ts";
import { servicePath } from "#shared/content/services.ts";
import { ContentIcon } from "./content-icon";
import { InternalLink } from "./internal-link";

const accents = [
  "text-frontier-blue bg-frontier-blue/10",
  "text-frontier-purple bg-frontier-purple/10",
  "text-frontier-orange bg-frontier-orange/10",
];

/** A service summary that links to its guide; the whole card is the link's target area. */
export function ServiceCard({
  service,
  index,
  headingLevel = 3,
}: {
  service: Service;
  index: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card group relative flex h-full flex-col transition hover:border-white/25 hover:bg-ink-800/80">
      <span
        className={`mb-5 inline-flex h-12 w-12 items-center justify-center rounded-xl ${accents[index % accents.length]}`}
      >
        <ContentIcon name={service.icon} />
      </span>
      <Heading className="heading-md">
        <InternalLink
          to={servicePath(service)}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-frontier-orange"
        >
          {service.name}
        </InternalLink>
      </Heading>
      <p className="mt-3 flex-1 leading-relaxed text-mist-300">{service.summary}</p>
      <p
        aria-hidden="true"
        className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-frontier-orange"
      >
        Read the guide
        <ContentIcon name="arrow" className="h-4 w-4 transition group-hover:translate-x-1" />
      </p>
    </article>
  );
}
