import { redirect } from "react-router";
import { recordPortalEvent } from "#server/portal/activity.ts";
import { clearPortalCookie, endPortalSession, findPortalViewer } from "#server/portal/session.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/sign-out";

export async function loader() {
  return redirect("/portal");
}

/** Ends this browser's portal session (others of the same contact stay). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await findPortalViewer({ db: context.db, env: context.env, request });
  if (viewer) {
    await endPortalSession(context.db, viewer.sessionId);
    await recordPortalEvent(context.db, {
      viewer,
      address: context.clientAddress,
      action: "sign-out",
      summary: `${viewer.name} signed out of the portal`,
    });
  }
  return redirectWithToast(
    "/portal/sign-in",
    { message: "You are signed out." },
    { headers: { "Set-Cookie": clearPortalCookie(context.env) } },
  );
}
