import { SitePage, sitePageMeta } from "#app/components/pages/site-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { requireSitePage } from "#server/pages/site-pages.ts";
import { breadcrumbJsonLd } from "#shared/seo.ts";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await requireSitePage({ db: context.db, path: "/services" }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const publicUrl = publicUrlFrom(matches);
  return sitePageMeta(data.page, publicUrl, [
    breadcrumbJsonLd(publicUrl, [
      ["Home", "/"],
      [data.page.title, "/services"],
    ]),
  ]);
};

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return <SitePage view={loaderData.page} />;
}
