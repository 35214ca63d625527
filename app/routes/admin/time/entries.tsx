import { Form, Link, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { FormError, formatDate } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { todayIso } from "#server/business/dates.ts";
import { parseFormValues } from "#server/business/forms.ts";
import { pageFrom } from "#server/business/list-query.ts";
import { localeFrom } from "#server/business/locale.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { createTimeEntry, findTimeEntries, listLoggableProjects } from "#server/time/entries.ts";
import { listTimePeople } from "#server/time/profiles.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formatMinutes, timeEntryFormSchema } from "#shared/time.ts";
import type { Route } from "./+types/entries";
import { EntryFields } from "./entry-fields";
import { ProjectOptions, TimeTabs } from "./time-tabs";

export const meta = () => [{ title: "Time entries | Command Center" }];

const day = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const params = args.url.searchParams;
  const filter = {
    userId: params.get("person")?.slice(0, 64) || undefined,
    projectId: isUuid(params.get("project") ?? "") ? (params.get("project") as string) : undefined,
    from: day(params.get("from")),
    to: day(params.get("to")),
    isUnbilled: params.get("unbilled") === "1",
  };
  const [result, projects, people] = await Promise.all([
    findTimeEntries({ db, viewer, filter, page: pageFrom(args.url) }),
    listLoggableProjects(db),
    listTimePeople(db),
  ]);
  return {
    result,
    filter,
    projects,
    people: people.map(({ id, name }) => ({ id, name })),
    viewerId: viewer.id,
    isAdmin: isAdmin(viewer),
    today: todayIso(),
    locale: localeFrom(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const form = await readForm(args.request);
  try {
    const input = parseFormValues(timeEntryFormSchema, {
      projectId: String(form.get("projectId") ?? ""),
      milestoneId: String(form.get("milestoneId") ?? ""),
      entryDate: String(form.get("entryDate") ?? ""),
      duration: String(form.get("duration") ?? ""),
      note: String(form.get("note") ?? ""),
      isBillable: form.get("isBillable") ? "on" : "",
    });
    const entry = await createTimeEntry({
      db: args.context.db,
      viewer,
      input: { ...input, minutes: input.duration },
    });
    return redirectWithToast(`/admin/time/entries`, {
      message: `${formatMinutes(entry.minutes)} logged on ${entry.entryDate}.`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EntriesScreen({ loaderData }: Route.ComponentProps) {
  const { result, filter, projects, people, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Time entries"
        description="Every entry you may see: your own, and the time on the clients you look after."
      />
      <TimeTabs isAdmin={loaderData.isAdmin} />
      <section aria-labelledby="log-heading" className="card mb-8">
        <h2 id="log-heading" className="heading-md mb-3">
          Log time
        </h2>
        <Form method="post" className="flex flex-col gap-4">
          <EntryFields
            projects={projects}
            errors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined}
            values={{
              projectId: "",
              milestoneId: null,
              entryDate: loaderData.today,
              minutes: null,
              note: "",
              isBillable: true,
            }}
          />
          <FormError error={actionData && "error" in actionData ? actionData.error : undefined} />
          <div>
            <button type="submit" className="btn-primary px-5 py-2">
              Log time
            </button>
          </div>
        </Form>
      </section>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
        <div>
          <label htmlFor="filter-person" className="field-label text-xs">
            Person
          </label>
          <select
            id="filter-person"
            name="person"
            defaultValue={filter.userId ?? ""}
            className="field-input py-1.5 text-sm"
          >
            <option value="">Everyone I may see</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-project" className="field-label text-xs">
            Project
          </label>
          <select
            id="filter-project"
            name="project"
            defaultValue={filter.projectId ?? ""}
            className="field-input py-1.5 text-sm"
          >
            <option value="">All projects</option>
            <ProjectOptions projects={projects} />
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className="field-label text-xs">
            From
          </label>
          <input
            id="filter-from"
            type="date"
            name="from"
            defaultValue={filter.from ?? ""}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <div>
          <label htmlFor="filter-to" className="field-label text-xs">
            To
          </label>
          <input
            id="filter-to"
            type="date"
            name="to"
            defaultValue={filter.to ?? ""}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-mist-300">
          <input type="checkbox" name="unbilled" value="1" defaultChecked={filter.isUnbilled} />{" "}
          Unbilled only
        </label>
        <button type="submit" className="btn-secondary px-4 py-2">
          Filter
        </button>
      </Form>
      <p className="mb-2 text-sm text-mist-400">
        {result.total} {result.total === 1 ? "entry" : "entries"}, {formatMinutes(result.minutes)}{" "}
        hours.
      </p>
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table className="w-full text-sm" data-testid="time-entries">
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Person
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Project
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Note
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Time
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Billing
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.length ? (
              result.rows.map((row) => (
                <tr key={row.id} className="border-b border-white/5">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link
                      to={`/admin/time/entries/${row.id}`}
                      className="text-white hover:underline"
                    >
                      {formatDate(row.entryDate, locale)}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{row.userName}</td>
                  <td className="px-3 py-2">
                    {row.projectName}
                    <span className="block text-xs text-mist-400">
                      {row.clientName}
                      {row.milestoneTitle ? ` · ${row.milestoneTitle}` : ""}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-mist-300">{row.note}</td>
                  <td className="px-3 py-2 text-right font-mono tabular-nums">
                    {formatMinutes(row.minutes)}
                  </td>
                  <td className="px-3 py-2 text-mist-300">
                    {row.invoiceId ? (
                      <Link
                        to={`/admin/invoices/edit/${row.invoiceId}`}
                        className="hover:underline"
                      >
                        {row.invoiceNumber}
                      </Link>
                    ) : row.retainerPeriodStart ? (
                      "Retainer"
                    ) : row.isBillable ? (
                      "Unbilled"
                    ) : (
                      "Not billable"
                    )}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-mist-400">
                  No time entries.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={result.page} pageSize={result.pageSize} total={result.total} />
    </main>
  );
}
