import { portalEventStream } from "#server/portal/events.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { findPortalViewer } from "#server/portal/session.ts";
import type { Route } from "./+types/events";

/** Server-Sent Events for the signed-in contact's client (decision 405). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context } = args;
  return portalEventStream({
    database: context.database,
    clientId: viewer.clientId,
    signal: request.signal,
    isStillSignedIn: async () =>
      // An open tab is not activity: it does not keep an idle session alive.
      (await findPortalViewer({ db: context.db, env: context.env, request, isActivity: false }))
        ?.sessionId === viewer.sessionId,
  });
}
