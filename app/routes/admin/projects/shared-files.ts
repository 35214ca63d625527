import { redirect } from "react-router";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import {
  addSharedFile,
  removeSharedFile,
  SHARED_FILE_MAX_BYTES,
} from "#server/portal/shared-files.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/shared-files";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect(`/admin/projects/edit/${requireIdParam(args.params.id)}`);
}

/** Files shared with the client on the project: upload one, or stop sharing one. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const projectId = requireIdParam(args.params.id);
  const back = `/admin/projects/edit/${projectId}`;
  const actor = staffActor(user, args.context.clientAddress);
  try {
    // Refused by its announced size before the body is read.
    if (Number(args.request.headers.get("Content-Length") ?? 0) > SHARED_FILE_MAX_BYTES + 64 * 1024)
      throw new AppError("PAYLOAD_TOO_LARGE", "Files shared with the client may be up to 25 MB.");
    const form = await readForm(args.request);
    if (form.get("intent") === "share") {
      const file = form.get("file");
      if (!(file instanceof File) || !file.size)
        throw new AppError("INVALID", "Choose a file to share.");
      const shared = await addSharedFile({
        db: args.context.db,
        env: args.context.env,
        actor,
        projectId,
        filename: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
      });
      return redirectWithToast(back, { message: `${shared.filename} is shared with the client.` });
    }
    if (form.get("intent") === "unshare") {
      await removeSharedFile({
        db: args.context.db,
        env: args.context.env,
        actor,
        projectId,
        fileId: String(form.get("fileId") ?? ""),
      });
      return redirectWithToast(back, { message: "The file is no longer shared." });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}
