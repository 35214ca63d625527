import { renderRobots } from "../../../server/content/feeds";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
