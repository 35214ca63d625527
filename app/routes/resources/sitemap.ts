import { renderSitemap } from "#server/content/sitemap.ts";
import type { Route } from "./+types/sitemap";

/** The sitemap, or past 50,000 addresses the index of /sitemap-1.xml, ... (server/app.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await renderSitemap({ db: context.db, publicUrl: context.env.PUBLIC_URL });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
