import { data, Form, useLoaderData, useNavigation } from "react-router";
import { CaseStudyCard } from "#app/components/site/content-cards.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { InternalLink } from "#app/components/site/internal-link.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { PageLinks } from "#app/components/site/page-links.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findCaseStudyIndustries, findPublishedCaseStudies } from "#server/content/case-studies.ts";
import { parseListParams } from "#server/content/list-params.ts";
import { findServiceById, services } from "#shared/content/services.ts";
import { listPath } from "#shared/list-params.ts";
import { absoluteUrl, breadcrumbJsonLd, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/case-studies";

export async function loader({ context, url }: Route.LoaderArgs) {
  // Every address names a page that exists: an unknown service or industry, or a page past
  // the last, is a 404 (and so not one more copy of the list in the page cache).
  const params = parseListParams(url);
  if (!params) throw data("Not found", { status: 404 });
  const { service, industry, page } = params;
  if (service && !findServiceById(service)) throw data("No such service", { status: 404 });
  const [result, industries] = await rememberPublicData(
    context.db,
    `case-studies:${service ?? ""}:${industry ?? ""}:${page ?? 1}`,
    () =>
      Promise.all([
        findPublishedCaseStudies({ db: context.db, filters: { service, industry, page } }),
        findCaseStudyIndustries({ db: context.db }),
      ]),
  );
  if (industry && !industries.includes(industry)) throw data("No such industry", { status: 404 });
  if ((page ?? 1) > result.pageCount) throw data("No such page", { status: 404 });
  return { ...result, industries, filters: { service, industry } };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  const filters = loaded?.filters ?? {};
  const page = loaded?.page ?? 1;
  const parts = [
    filters.service ? findServiceById(filters.service)?.name : undefined,
    filters.industry,
  ].filter(Boolean);
  const title = `Case Studies${parts.length ? `: ${parts.join(", ")}` : ""}${page > 1 ? ` (page ${page})` : ""}`;
  const path = listPath("/case-studies", { ...filters, page });
  return seoMeta({
    title,
    description: `How we helped clients${parts.length ? ` in ${parts.join(" and ")}` : ""} ship web platforms, AI, mobile apps, design systems and VR/AR: the challenge, what we built and the measured results.${page > 1 ? ` Page ${page}.` : ""}`,
    path,
    publicUrl,
    jsonLd: [
      {
        "@type": "CollectionPage",
        name: title,
        url: absoluteUrl(publicUrl, path),
        hasPart: (loaded?.items ?? []).map((item) => ({
          "@type": "CreativeWork",
          name: item.title,
          url: absoluteUrl(publicUrl, `/case-studies/${item.slug}`),
        })),
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Case Studies", "/case-studies"],
      ]),
    ],
  });
};

export default function CaseStudiesPage() {
  const { items, page, pageCount, total, industries, filters } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const isFiltered = Boolean(filters.service || filters.industry);
  return (
    <main id="main" className="container-page">
      <PageHero
        eyebrow="Case Studies"
        title="Work that shipped, and what it changed"
        lead="Real problems, the software we built to solve them and the numbers that moved afterwards."
      />
      <Form
        method="get"
        className="card mb-10 flex flex-col gap-4 sm:flex-row sm:items-end"
        aria-label="Filter case studies"
      >
        <div className="flex-1">
          <label htmlFor="filter-service" className="field-label">
            Service
          </label>
          <select
            id="filter-service"
            name="service"
            defaultValue={filters.service ?? ""}
            className="field-input"
          >
            <option value="">All services</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label htmlFor="filter-industry" className="field-label">
            Industry
          </label>
          <select
            id="filter-industry"
            name="industry"
            defaultValue={filters.industry ?? ""}
            className="field-input"
          >
            <option value="">All industries</option>
            {industries.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-3">
          <button type="submit" className="btn-primary py-2">
            Apply filters
          </button>
          {isFiltered ? (
            <InternalLink to="/case-studies" className="btn-secondary py-2">
              Clear
            </InternalLink>
          ) : null}
        </div>
      </Form>
      <p className="mb-6 text-sm text-mist-400" aria-live="polite">
        {navigation.state === "loading"
          ? "Loading case studies..."
          : `${total} case ${total === 1 ? "study" : "studies"}${isFiltered ? " match these filters" : ""}.`}
      </p>
      {items.length ? (
        // The same for everyone until the list changes: rendered once (decision 737).
        <StaticPart
          as="ul"
          data={items}
          partKey="cards"
          className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        >
          {items.map((study) => (
            <li key={study.id}>
              <CaseStudyCard study={study} />
            </li>
          ))}
        </StaticPart>
      ) : (
        <div className="card">
          <h2 className="heading-md">No case studies match these filters</h2>
          <p className="mt-2 text-mist-300">
            Try another service or industry, or{" "}
            <InternalLink to="/case-studies" className="underline">
              see all case studies
            </InternalLink>
            .
          </p>
        </div>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        basePath="/case-studies"
        params={{ service: filters.service, industry: filters.industry }}
        label="Case study pages"
      />
      <CtaBand />
    </main>
  );
}
