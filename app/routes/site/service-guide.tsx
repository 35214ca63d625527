import { Breadcrumbs } from "#app/components/site/breadcrumbs.tsx";
import { ContentIcon } from "#app/components/site/content-icon.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { GlowAccent } from "#app/components/site/page-hero.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { serviceGuides } from "#shared/content/service-guides.ts";
import { findServiceBySlug, servicePath, services } from "#shared/content/services.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/service-guide";

export function loader({ params }: Route.LoaderArgs) {
  const service = findServiceBySlug(params.serviceSlug);
  if (!service) throw new Response("Not Found", { status: 404 });
  return { service, guide: serviceGuides[service.id] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData?.service;
  if (!service) return [{ title: `Page not found | ${SITE_NAME}` }];
  const publicUrl = publicUrlFrom(matches);
  const path = servicePath(service);
  return seoMeta({
    title: `${service.name} guide`,
    description: service.summary,
    path,
    publicUrl,
    jsonLd: [
      {
        "@type": "Service",
        name: service.name,
        serviceType: service.name,
        description: service.summary,
        url: absoluteUrl(publicUrl, path),
        provider: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(publicUrl, "/") },
      },
      breadcrumbJsonLd(publicUrl, trailFor(service)),
    ],
  });
};

function trailFor(service: { name: string; slug: string }): Array<[string, string]> {
  return [
    ["Home", "/"],
    ["Services", "/services"],
    [service.name, servicePath(service)],
  ];
}

const sections = [
  { key: "what", heading: "What it is" },
  { key: "why", heading: "Why it matters" },
  { key: "how", heading: "How we work" },
] as const;

export default function ServiceGuidePage({ loaderData }: Route.ComponentProps) {
  const { service, guide } = loaderData;
  const others = services.filter((other) => other.id !== service.id);
  return (
    <StaticPart as="main" data={guide} partKey="service-guide" id="main" className="container-page">
      <Breadcrumbs trail={trailFor(service)} />

      <header className="relative pt-10 pb-12 sm:pt-14 sm:pb-16">
        <GlowAccent />
        <span className="mb-6 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-linear-to-br from-frontier-blue/30 to-frontier-purple/30 text-white">
          <ContentIcon name={service.icon} className="h-7 w-7" />
        </span>
        <p className="eyebrow mb-4">Service guide</p>
        <h1 className="heading-xl max-w-4xl">{service.name}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-mist-300 sm:text-xl">
          {service.summary}
        </p>
      </header>

      <div className="grid gap-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <ul className="sticky top-28 space-y-2 border-l border-white/10 text-sm">
            {[...sections, { key: "deliverables", heading: "What you receive" }].map((section) => (
              <li key={section.key}>
                <a
                  href={`#${section.key}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-mist-300 hover:border-frontier-orange hover:text-white"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.key}
              id={section.key}
              aria-labelledby={`${section.key}-heading`}
              className="scroll-mt-28 border-t border-white/10 py-10 first:border-t-0 first:pt-0"
            >
              <p
                className="font-display text-sm font-semibold text-frontier-orange"
                aria-hidden="true"
              >
                {String(index + 1).padStart(2, "0")}
              </p>
              <h2 id={`${section.key}-heading`} className="heading-lg mt-2">
                {section.heading}
              </h2>
              <div className="mt-6 space-y-5 text-lg leading-relaxed text-mist-300">
                {guide[section.key].map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}

          <section
            id="deliverables"
            aria-labelledby="deliverables-heading"
            className="scroll-mt-28 border-t border-white/10 py-10"
          >
            <p
              className="font-display text-sm font-semibold text-frontier-orange"
              aria-hidden="true"
            >
              04
            </p>
            <h2 id="deliverables-heading" className="heading-lg mt-2">
              What you receive
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {guide.deliverables.map((deliverable) => (
                <li key={deliverable} className="card flex items-start gap-3 p-4">
                  <ContentIcon
                    name="check"
                    className="mt-0.5 h-5 w-5 shrink-0 text-frontier-orange"
                  />
                  <span className="text-mist-100">{deliverable}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      <section aria-labelledby="other-services-heading" className="pt-12">
        <h2 id="other-services-heading" className="heading-md mb-6">
          Other services
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {others.map((other) => (
            <li key={other.id}>
              <InternalLink
                to={servicePath(other)}
                className="group flex h-full items-center gap-3 rounded-xl border border-white/10 bg-ink-900/70 px-4 py-4 font-semibold text-white transition hover:border-white/30"
              >
                <ContentIcon name={other.icon} className="h-6 w-6 shrink-0 text-frontier-blue" />
                <span className="flex-1">{other.name}</span>
                <ContentIcon
                  name="arrow"
                  className="h-4 w-4 shrink-0 text-frontier-orange transition group-hover:translate-x-1"
                />
              </InternalLink>
            </li>
          ))}
        </ul>
      </section>

      <CtaBand
        title={`Ready to talk about ${service.name}?`}
        body="Tell us what you want to achieve. A senior engineer from this practice will reply within one working day with questions, a first view on approach and an honest sense of cost."
        primary={{ to: "/contact", label: "Contact us about this" }}
        secondary={{ to: "/pricing", label: "See engagement models" }}
      />
    </StaticPart>
  );
}
