import { redirect } from "react-router";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { timeViewerOf } from "#server/time/records.ts";
import { discardTimer, startTimer, stopTimer } from "#server/time/timer.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formatMinutes, timerFormSchema } from "#shared/time.ts";
import type { Route } from "./+types/timer";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return redirect("/admin/time");
}

/** Where to go back to: a page of the command center, never elsewhere. */
function returnPath(value: FormDataEntryValue | null) {
  const path = String(value ?? "");
  return /^\/admin(\/[\w\-/?=&.%]*)?$/.test(path) && !path.startsWith("//") ? path : "/admin/time";
}

/** The signed-in staff member's timer: start (stopping a running one), stop, discard. */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const form = await readForm(args.request);
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const back = returnPath(form.get("returnTo"));
  try {
    switch (String(form.get("intent") ?? "")) {
      case "start": {
        const input = parseFormValues(timerFormSchema, {
          projectId: String(form.get("projectId") ?? ""),
          milestoneId: String(form.get("milestoneId") ?? ""),
          note: String(form.get("note") ?? ""),
          isBillable: form.get("isBillable") ? "on" : "",
        });
        const { stoppedEntries } = await startTimer({ db, viewer, input });
        const stopped = stoppedEntries.reduce((sum, entry) => sum + entry.minutes, 0);
        return redirectWithToast(back, {
          message: stopped
            ? `Timer started. The one before logged ${formatMinutes(stopped)}.`
            : "Timer started.",
        });
      }
      case "stop": {
        const entries = await stopTimer({ db, viewer });
        const minutes = entries.reduce((sum, entry) => sum + entry.minutes, 0);
        return redirectWithToast(back, {
          message: minutes
            ? `Timer stopped: ${formatMinutes(minutes)} logged.`
            : "Timer stopped: under a minute, nothing logged.",
        });
      }
      case "discard":
        await discardTimer({ db, viewer });
        return redirectWithToast(back, { message: "Timer discarded: nothing logged." });
      default:
        throw new AppError("INVALID", "Unknown action.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}
