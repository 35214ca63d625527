import { renderRobots } from "#server/content/feeds.ts";
import { getRobotsAdditions } from "#server/seo/overrides.ts";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const additions = await getRobotsAdditions(context.db);
  const body = renderRobots(context.env.PUBLIC_URL) + (additions ? `\n${additions}\n` : "");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
