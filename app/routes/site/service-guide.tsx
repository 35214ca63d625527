import { SitePage, sitePageMeta } from "#app/components/pages/site-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { requireSitePage } from "#server/pages/site-pages.ts";
import { findServiceBySlug } from "#shared/content/services.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME } from "#shared/seo.ts";
import type { Route } from "./+types/service-guide";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await requireSitePage({ db: context.db, path: `/services/${params.serviceSlug}` });
  const service = findServiceBySlug(params.serviceSlug);
  return { page, service: service ? { name: service.name, summary: service.summary } : null };
}

function trailFor(title: string, path: string): Array<[string, string]> {
  return [
    ["Home", "/"],
    ["Services", "/services"],
    [title, path],
  ];
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: `Page not found | ${SITE_NAME}` }];
  const { page, service } = data;
  const publicUrl = publicUrlFrom(matches);
  const serviceJsonLd = service
    ? [
        {
          "@type": "Service",
          name: service.name,
          serviceType: service.name,
          description: page.seoDescription || service.summary,
          url: absoluteUrl(publicUrl, page.path),
          provider: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(publicUrl, "/") },
        },
      ]
    : [];
  return sitePageMeta(page, publicUrl, [
    ...serviceJsonLd,
    breadcrumbJsonLd(publicUrl, trailFor(page.title, page.path)),
  ]);
};

export default function ServiceGuidePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <SitePage view={page} trail={trailFor(page.title, page.path)} />;
}
