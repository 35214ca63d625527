import { redirect } from "react-router";
import type { Actor } from "#server/audit/actor.ts";
import type { AppContext } from "#server/context.ts";
import { findPortalViewer, type PortalViewer } from "./session";

export const PORTAL_SIGN_IN = "/portal/sign-in";

type GuardArgs = { request: Request; context: Pick<AppContext, "db" | "env"> };

/**
 * The permission helper every portal loader and action calls itself: the signed-in
 * contact, or a redirect to the portal's sign-in page. Only the portal cookie counts;
 * a staff session does not open the portal.
 */
export async function requirePortalViewer({ request, context }: GuardArgs): Promise<PortalViewer> {
  const viewer = await findPortalViewer({ db: context.db, env: context.env, request });
  if (!viewer) throw redirect(PORTAL_SIGN_IN);
  return viewer;
}

/** A contact in the audit log: no staff id, their email and the request's address. */
export function portalActor(viewer: Pick<PortalViewer, "email">, address: string): Actor {
  return { id: null, email: viewer.email, address };
}
