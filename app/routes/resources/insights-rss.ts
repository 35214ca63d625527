import { renderInsightsFeed } from "#server/content/feeds.ts";
import type { Route } from "./+types/insights-rss";

export async function loader({ context }: Route.LoaderArgs) {
  const body = await renderInsightsFeed({ db: context.db, publicUrl: context.env.PUBLIC_URL });
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
