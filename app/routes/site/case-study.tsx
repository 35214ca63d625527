import { data, useLoaderData } from "react-router";
import { Breadcrumbs } from "#app/components/site/breadcrumbs.tsx";
import { CaseStudyArticle } from "#app/components/site/case-study-article.tsx";
import { CaseStudyCard } from "#app/components/site/content-cards.tsx";
import { CtaBand } from "#app/components/site/cta-band.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findPublishedCaseStudy, findRelatedCaseStudies } from "#server/content/case-studies.ts";
import { findServiceById } from "#shared/content/services.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/case-study";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await rememberPublicData(context.db, `case-study:${params.slug}`, async () => {
    const study = await findPublishedCaseStudy({ db: context.db, slug: params.slug });
    if (!study) return undefined;
    const related = await findRelatedCaseStudies({ db: context.db, caseStudy: study });
    return { study, related };
  });
  if (!found) throw data("Case study not found", { status: 404 });
  return found;
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const publicUrl = publicUrlFrom(matches);
  if (!loaded) return [{ title: `Case study not found | ${SITE_NAME}` }];
  const { study } = loaded;
  const path = `/case-studies/${study.slug}`;
  const image = study.socialImage ?? study.coverImage ?? undefined;
  return seoMeta({
    title: study.seoTitle ?? [`${study.title}: ${study.client} case study`, study.title],
    description: study.seoDescription ?? study.summary,
    path,
    publicUrl,
    image,
    type: "article",
    jsonLd: [
      {
        "@type": "CreativeWork",
        name: study.title,
        headline: study.title,
        abstract: study.summary,
        url: absoluteUrl(publicUrl, path),
        image: image ? absoluteUrl(publicUrl, image) : undefined,
        datePublished: study.publishedAt ? new Date(study.publishedAt).toISOString() : undefined,
        dateModified: new Date(study.updatedAt).toISOString(),
        about: study.industry,
        keywords: study.services.map((id) => findServiceById(id)?.name ?? id).join(", "),
        creator: { "@type": "Organization", name: SITE_NAME, url: publicUrl || undefined },
        sourceOrganization: { "@type": "Organization", name: study.client },
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Case Studies", "/case-studies"],
        [study.title, path],
      ]),
    ],
  });
};

export default function CaseStudyPage() {
  const found = useLoaderData<typeof loader>();
  const { study, related } = found;
  // The same for every reader until the case study or its related ones change: rendered
  // once (decision 737).
  return (
    <StaticPart as="main" data={found} partKey="case-study" id="main" className="container-page">
      <Breadcrumbs
        trail={[
          ["Home", "/"],
          ["Case Studies", "/case-studies"],
          [study.title, `/case-studies/${study.slug}`],
        ]}
      />
      <CaseStudyArticle study={study} />
      {related.length ? (
        <section aria-labelledby="related-heading" className="mt-20">
          <h2 id="related-heading" className="heading-lg mb-8">
            Related case studies
          </h2>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.id}>
                <CaseStudyCard study={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CtaBand title="Facing a similar challenge?" />
    </StaticPart>
  );
}
