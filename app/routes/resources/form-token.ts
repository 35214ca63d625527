import { issueFormToken } from "#server/antispam/antispam.ts";
import type { Route } from "./+types/form-token";

/**
 * A fresh form token, fetched by a public form when the visitor starts filling it
 * (server/antispam): cached pages carry none, so they are the same for everyone.
 */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(issueFormToken(context.env.AUTH_SECRET), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
