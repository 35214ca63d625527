import { redirect } from "react-router";
import { BRANDING_PATH, saveBranding } from "#app/routes/admin/settings/save-branding.server.ts";
import { requireRole } from "#server/auth/guard.ts";
import type { Route } from "./+types/index";

/** The Branding page's old address: bookmarks and links still arrive there. */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  throw redirect(BRANDING_PATH, 301);
}

/** A form posted to the old address is saved as it always was. */
export async function action(args: Route.ActionArgs) {
  return saveBranding(args);
}
