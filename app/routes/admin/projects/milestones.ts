import { redirect } from "react-router";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import {
  addMilestone,
  moveMilestone,
  removeMilestone,
  setMilestoneDone,
  updateMilestone,
} from "#server/projects/milestones.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/milestones";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect(`/admin/projects/edit/${requireIdParam(args.params.id)}`);
}

const messages: Record<string, string> = {
  add: "Milestone added.",
  update: "Milestone saved.",
  done: "Milestone marked done. The client sees it now.",
  undone: "Milestone marked not done.",
  up: "Milestone moved up.",
  down: "Milestone moved down.",
  remove: "Milestone removed.",
};

/** One change to a project's milestones: add, rename, mark done or not, move, remove. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const projectId = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const common = {
    db: args.context.db,
    actor: staffActor(user, args.context.clientAddress),
    projectId,
    milestoneId: String(form.get("milestoneId") ?? ""),
  };
  const input = {
    title: String(form.get("title") ?? ""),
    dueDate: String(form.get("dueDate") ?? ""),
  };
  try {
    if (intent === "add") await addMilestone({ ...common, input });
    else if (intent === "update") await updateMilestone({ ...common, input });
    else if (intent === "done" || intent === "undone")
      await setMilestoneDone({ ...common, isDone: intent === "done" });
    else if (intent === "up" || intent === "down")
      await moveMilestone({ ...common, direction: intent });
    else if (intent === "remove") await removeMilestone(common);
    else throw new AppError("INVALID", "Unknown action.");
    return redirectWithToast(`/admin/projects/edit/${projectId}`, { message: messages[intent] });
  } catch (error) {
    return errorResponse(error);
  }
}
