import { redirect } from "react-router";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid, requireIdParam } from "#server/ids.ts";
import { inviteContact, revokeContact } from "#server/portal/access.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/portal";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect(`/admin/clients/${requireIdParam(args.params.id)}`);
}

/** Portal access of one contact: invite (again) or revoke. Answers with a toast on the client page. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const clientId = requireIdParam(args.params.id);
  const back = `/admin/clients/${clientId}`;
  const form = await readForm(args.request);
  const contactId = String(form.get("contactId") ?? "");
  const actor = staffActor(user, args.context.clientAddress);
  try {
    if (!isUuid(contactId))
      throw new AppError("NOT_FOUND", "That contact is no longer on this client.");
    if (form.get("intent") === "invite") {
      const contact = await inviteContact({
        db: args.context.db,
        env: args.context.env,
        actor,
        clientId,
        contactId,
      });
      return redirectWithToast(back, { message: `Portal invitation sent to ${contact.email}.` });
    }
    if (form.get("intent") === "revoke") {
      const contact = await revokeContact({ db: args.context.db, actor, clientId, contactId });
      return redirectWithToast(back, {
        message: `${contact.name} can no longer sign in to the portal.`,
      });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}
