import { recordTrackingEvent } from "#server/marketing/campaign-tracking.ts";
import type { Route } from "./+types/campaign-tracking";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Opens and clicks of campaigns whose tracking staff switched on (off by default). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const kind = params.kind === "open" ? "open" : params.kind === "click" ? "click" : undefined;
  if (!kind) throw new Response("Not Found", { status: 404 });
  const target = url.searchParams.get("u") ?? undefined;
  const result = await recordTrackingEvent(context.db, {
    token: params.token,
    kind,
    url: target,
    publicUrl: context.env.PUBLIC_URL,
  }).catch(() => undefined);
  if (kind === "open")
    return new Response(PIXEL, {
      headers: {
        "Content-Type": "image/gif",
        "Cache-Control": "no-store",
        "Content-Length": String(PIXEL.length),
      },
    });
  if (!result) throw new Response("This link is not available.", { status: 404 });
  return new Response(null, {
    status: 302,
    headers: { Location: result, "Cache-Control": "no-store" },
  });
}
