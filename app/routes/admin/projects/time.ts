import { redirect } from "react-router";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { getProject } from "#server/projects/projects.ts";
import { saveProjectTimeSettings } from "#server/time/budgets.ts";
import { saveProjectRate } from "#server/time/rates.ts";
import { redirectWithToast } from "#server/toast.ts";
import { parseMoney } from "#shared/money.ts";
import { parseDuration } from "#shared/time.ts";
import type { Route } from "./+types/time";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect(`/admin/projects/edit/${requireIdParam(args.params.id)}`);
}

function hoursField(text: string, field: string) {
  if (!text.trim()) return null;
  const minutes = parseDuration(text);
  if (minutes === undefined || minutes < 1)
    throw new AppError("INVALID", "Enter hours above zero, such as 120, or leave it empty.", {
      fieldErrors: { [field]: ["Enter hours above zero, such as 120, or leave it empty."] },
    });
  return minutes;
}

/** The project's time rules (rounding, hours budget, included retainer hours, portal) and rate overrides. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const projectId = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  const field = (name: string) => String(form.get(name) ?? "");
  const { db } = args.context;
  const actor = staffActor(user, args.context.clientAddress);
  const done = (message: string) =>
    redirectWithToast(`/admin/projects/edit/${projectId}`, { message });
  try {
    if (field("intent") === "settings") {
      await saveProjectTimeSettings({
        db,
        actor,
        projectId,
        input: {
          roundingMinutes: Number(field("roundingMinutes")),
          budgetMinutes: hoursField(field("budgetHours"), "budgetHours"),
          retainerIncludedMinutes: hoursField(field("includedHours"), "includedHours"),
          isShownInPortal: form.get("isShownInPortal") === "on",
        },
      });
      return done("Time settings saved.");
    }
    if (field("intent") === "rate") {
      const project = await getProject({ db, id: projectId });
      if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
      const text = field("billingRate").trim();
      const rate = text ? parseMoney(text, project.currency) : null;
      if (rate === undefined || (rate !== null && rate < 0))
        throw new AppError("INVALID", "Enter an hourly rate of zero or more, such as 150.00.", {
          fieldErrors: { billingRate: ["Enter an hourly rate of zero or more, such as 150.00."] },
        });
      await saveProjectRate({
        db,
        actor,
        projectId,
        userId: field("userId").slice(0, 64),
        billingRate: rate,
      });
      return done(rate === null ? "Rate on this project removed." : "Rate on this project saved.");
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}
