import { renderSitemap } from "#server/content/feeds.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const body = await renderSitemap({ db: context.db, publicUrl: context.env.PUBLIC_URL });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
