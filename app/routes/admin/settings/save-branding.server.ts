import { requireRole } from "#server/auth/guard.ts";
import type { AppContext } from "#server/context.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { updateHeaderSettings } from "#server/settings/update-header.ts";
import { redirectWithToast } from "#server/toast.ts";

export const BRANDING_PATH = "/admin/settings/branding";

/** The Branding form's action, also answering posts to its old address (/admin/header). */
export async function saveBranding(args: { request: Request; context: AppContext }) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    await updateHeaderSettings({
      database: args.context.database,
      input: Object.fromEntries(form),
      actorId: user.id,
      address: args.context.clientAddress,
    });
  } catch (error) {
    return errorResponse(error);
  }
  return redirectWithToast(BRANDING_PATH, {
    message: "Branding saved. Open pages show the new logo now.",
  });
}
