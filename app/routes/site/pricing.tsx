import { SitePage, sitePageMeta } from "#app/components/pages/site-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { requireSitePage } from "#server/pages/site-pages.ts";
import type { Route } from "./+types/pricing";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await requireSitePage({ db: context.db, path: "/pricing" }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? sitePageMeta(data.page, publicUrlFrom(matches)) : [];

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  return <SitePage view={loaderData.page} />;
}
