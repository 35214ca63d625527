import { SitePage, sitePageMeta } from "#app/components/pages/site-page.tsx";
import { ErrorPage } from "#app/components/ui/error-page.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { findLivePagePaths, pagePathOf, requireSitePage } from "#server/pages/site-pages.ts";
import type { Route } from "./+types/not-found";

/**
 * Every address no other route answers: a page built in the command center (a campaign's
 * landing page, /spring-audit) when one is live there, else the 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  // React Router's url: a client-side navigation's `/spring-audit.data` is `/spring-audit`.
  const path = pagePathOf(url.pathname);
  const live = await findLivePagePaths({ db: context.db });
  if (!live.has(path)) throw new Response("Not Found", { status: 404 });
  return { page: await requireSitePage({ db: context.db, path }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? sitePageMeta(data.page, publicUrlFrom(matches))
    : [{ title: "Page not found | Digital Frontier" }];

export default function StoredOrNotFound({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <ErrorPage status={404} />;
  return <SitePage view={loaderData.page} />;
}
