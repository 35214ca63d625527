import { redirect } from "react-router";
import { staffActor } from "#server/audit/actor.ts";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import {
  changeRetainer,
  createRetainer,
  endRetainer,
  getProjectRetainer,
  pauseRetainer,
  resumeRetainer,
} from "#server/retainers/retainers.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  retainerChangeSchema,
  retainerEndSchema,
  retainerFormSchema,
} from "#shared/business/retainer-form.ts";
import type { Route } from "./+types/retainer";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect(`/admin/projects/edit/${requireIdParam(args.params.id)}`);
}

/** One change to the project's retainer: set up, change from a date, pause, resume, end. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const projectId = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  const field = (name: string) => String(form.get(name) ?? "");
  const { db } = args.context;
  const common = { db, actor: staffActor(user, args.context.clientAddress), projectId };
  const done = (message: string) =>
    redirectWithToast(`/admin/projects/edit/${projectId}`, { message });
  try {
    switch (field("intent")) {
      case "create": {
        const input = parseFormValues(retainerFormSchema, {
          amount: field("amount"),
          currency: field("currency"),
          period: field("period"),
          startMonth: field("startMonth"),
          issueDay: field("issueDay"),
          paymentTermsDays: field("paymentTermsDays"),
          description: field("description"),
        });
        await createRetainer({ ...common, input });
        return done("Retainer set up. Its invoices go out by themselves.");
      }
      case "change": {
        const current = await getProjectRetainer({ db, projectId });
        if (!current) throw new AppError("NOT_FOUND", "This project has no retainer.");
        const input = parseFormValues(retainerChangeSchema(current.retainer.currency), {
          effectiveFrom: field("effectiveFrom"),
          amount: field("amount"),
          description: field("description"),
        });
        await changeRetainer({ ...common, input });
        return done(`The change applies to periods starting on or after ${input.effectiveFrom}.`);
      }
      case "pause":
        await pauseRetainer(common);
        return done("Retainer paused. Periods due while paused are skipped.");
      case "resume":
        await resumeRetainer(common);
        return done("Retainer resumed.");
      case "end": {
        const { endDate } = parseFormValues(retainerEndSchema, { endDate: field("endDate") });
        await endRetainer({ ...common, endDate });
        return done(`The retainer ends after ${endDate}.`);
      }
      default:
        throw new AppError("INVALID", "Unknown action.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}
