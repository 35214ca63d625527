import { Form, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import {
  deleteTimeEntry,
  getTimeEntry,
  listLoggableProjects,
  updateTimeEntry,
} from "#server/time/entries.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formatMinutes, timeEntryFormSchema } from "#shared/time.ts";
import type { Route } from "./+types/entry";
import { EntryFields } from "./entry-fields";

export const meta = () => [{ title: "Time entry | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const id = requireIdParam(args.params.id);
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const [entry, projects] = await Promise.all([
    getTimeEntry({ db: args.context.db, viewer, id }),
    listLoggableProjects(args.context.db),
  ]);
  invariantResponse(entry, "Not Found", { status: 404 });
  const isOwn = entry.userId === viewer.id;
  const isBilled = Boolean(entry.invoiceId || entry.retainerPeriodStart);
  const canChange = !isBilled && (isAdmin(viewer) || (isOwn && !entry.isApproved));
  // The entry's own project stays choosable even when it is no longer open.
  const choices = projects.some((project) => project.id === entry.projectId)
    ? projects
    : [
        {
          id: entry.projectId,
          name: entry.projectName,
          clientName: entry.clientName,
          currency: "",
          milestones: [],
        },
        ...projects,
      ];
  return {
    entry,
    projects: choices,
    canChange,
    isBilled,
    isAudited: isAdmin(viewer) && (!isOwn || entry.isApproved),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const id = requireIdParam(args.params.id);
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const form = await readForm(args.request);
  const { db } = args.context;
  try {
    if (form.get("intent") === "delete") {
      await deleteTimeEntry({ db, viewer, id });
      return redirectWithToast("/admin/time/entries", { message: "Time entry removed." });
    }
    const input = parseFormValues(timeEntryFormSchema, {
      projectId: String(form.get("projectId") ?? ""),
      milestoneId: String(form.get("milestoneId") ?? ""),
      entryDate: String(form.get("entryDate") ?? ""),
      duration: String(form.get("duration") ?? ""),
      note: String(form.get("note") ?? ""),
      isBillable: form.get("isBillable") ? "on" : "",
    });
    const entry = await updateTimeEntry({
      db,
      viewer,
      id,
      input: { ...input, minutes: input.duration },
    });
    return redirectWithToast(`/admin/time/entries/${id}`, {
      message: `Saved: ${formatMinutes(entry.minutes)} on ${entry.entryDate}.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EntryScreen({ loaderData }: Route.ComponentProps) {
  const { entry, projects, canChange, isBilled, isAudited } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title={`${formatMinutes(entry.minutes)} on ${entry.projectName}`}
        back={{ to: "/admin/time/entries", label: "Time entries" }}
        description={`${entry.userName}, ${entry.entryDate}${entry.invoiceNumber ? `, billed on ${entry.invoiceNumber}` : ""}${entry.isApproved ? ", in an approved week" : ""}.`}
      />
      {isBilled ? (
        <p className="mb-4 text-sm text-mist-300">
          Billed time cannot change: void its invoice first, and the time is unbilled again.
        </p>
      ) : !canChange ? (
        <p className="mb-4 text-sm text-mist-300">
          This week is approved: ask an admin to change its time.
        </p>
      ) : isAudited ? (
        <p className="mb-4 text-sm text-amber-200">
          Your changes to this entry are recorded in the audit log.
        </p>
      ) : null}
      <Form method="post" className="card flex flex-col gap-4">
        <fieldset disabled={!canChange} className="contents">
          <EntryFields
            projects={projects}
            errors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined}
            values={entry}
          />
        </fieldset>
        <FormError error={actionData && "error" in actionData ? actionData.error : undefined} />
        {canChange ? (
          <div className="flex gap-3">
            <button type="submit" className="btn-primary px-5 py-2">
              Save
            </button>
            <button
              type="submit"
              name="intent"
              value="delete"
              className="btn-secondary px-4 py-2 text-sm"
              formNoValidate
            >
              Remove
            </button>
          </div>
        ) : null}
      </Form>
    </main>
  );
}
