import { Form, Link, useActionData, useFetcher } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError, formatDateTime } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { localeFrom } from "#server/business/locale.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { isUuid } from "#server/ids.ts";
import { approveWeek, getTeamWeek, reopenWeek } from "#server/time/approval.ts";
import { listLoggableProjects } from "#server/time/entries.ts";
import { listTimePeople } from "#server/time/profiles.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { getRunningTimer } from "#server/time/timer.ts";
import {
  addTimesheetRow,
  copyLastWeek,
  currentWeekStart,
  getTimesheet,
  removeTimesheetRow,
  setTimesheetCell,
} from "#server/time/timesheet.ts";
import { redirectWithToast } from "#server/toast.ts";
import { formatMinutes, shiftDay, weekLabel, weekStartOf } from "#shared/time.ts";
import type { Route } from "./+types/index";
import { ProjectOptions, TimeTabs } from "./time-tabs";
import { TimerPanel } from "./timer-panel";
import { TimesheetGrid } from "./timesheet-grid";
import { useTimeEvents } from "./use-time-events";

export const meta = () => [{ title: "Time | Command Center" }];

const isDay = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const url = args.url;
  const requested = url.searchParams.get("person");
  // Only admins open another person's week; anyone else sees their own.
  const userId = isAdmin(viewer) && requested && requested.length <= 64 ? requested : viewer.id;
  const week = url.searchParams.get("week");
  const weekStart = isDay(week) ? weekStartOf(week) : await currentWeekStart(db, userId);
  try {
    const [sheet, timer, projects, people, team] = await Promise.all([
      getTimesheet({ db, viewer, userId, weekStart }),
      getRunningTimer(db, viewer.id),
      listLoggableProjects(db),
      isAdmin(viewer) ? listTimePeople(db) : Promise.resolve([]),
      isAdmin(viewer) ? getTeamWeek({ db, weekStart }) : Promise.resolve([]),
    ]);
    return {
      sheet,
      timer,
      projects,
      people: people.map(({ id, name }) => ({ id, name })),
      team,
      isAdmin: isAdmin(viewer),
      viewerId: viewer.id,
      thisWeek: await currentWeekStart(db, userId),
      locale: localeFrom(args.request),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const form = await readForm(args.request);
  const field = (name: string) => String(form.get(name) ?? "");
  const { db } = args.context;
  const userId = field("userId") || viewer.id;
  const weekStart = field("weekStart");
  const back = (message: string) =>
    redirectWithToast(
      `/admin/time?week=${weekStart}${userId !== viewer.id ? `&person=${encodeURIComponent(userId)}` : ""}`,
      { message },
    );
  try {
    if (userId.length > 64) throw new AppError("INVALID", "Choose a staff member.");
    const needWeek = () => {
      if (!isDay(weekStart) || weekStartOf(weekStart) !== weekStart)
        throw new AppError("INVALID", "Choose the Monday a week starts on.");
    };
    const needProject = () => {
      if (!isUuid(field("projectId")))
        throw new AppError("INVALID", "Choose a project.", {
          fieldErrors: { projectId: ["Choose a project."] },
        });
    };
    switch (field("intent")) {
      case "cell": {
        needProject();
        const minutes = Number(field("duration"));
        if (!isDay(field("date")) || !Number.isInteger(minutes) || minutes < 0 || minutes > 24 * 60)
          throw new AppError("INVALID", "Type a duration between 0:00 and 24:00, such as 1:30.");
        await setTimesheetCell({
          db,
          viewer,
          userId,
          projectId: field("projectId"),
          entryDate: field("date"),
          minutes,
        });
        return { ok: true as const };
      }
      case "addRow":
        needWeek();
        needProject();
        await addTimesheetRow({ db, viewer, userId, weekStart, projectId: field("projectId") });
        return back("Row added: type the hours in its cells.");
      case "removeRow":
        needWeek();
        needProject();
        await removeTimesheetRow({ db, viewer, userId, weekStart, projectId: field("projectId") });
        return back("Row removed.");
      case "copy": {
        needWeek();
        const added = await copyLastWeek({ db, viewer, userId, weekStart });
        return back(
          added
            ? `${added} ${added === 1 ? "row" : "rows"} copied from last week.`
            : "Last week had no rows to copy.",
        );
      }
      case "approve":
        needWeek();
        await approveWeek({ db, viewer, userId, weekStart });
        return back("Week approved: its time is locked for its author.");
      case "reopen":
        needWeek();
        await reopenWeek({ db, viewer, userId, weekStart });
        return back("Week reopened.");
      default:
        throw new AppError("INVALID", "Unknown action.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function TimesheetScreen({ loaderData }: Route.ComponentProps) {
  const { sheet, timer, projects, people, team, locale } = loaderData;
  const actionData = useActionData<typeof action>();
  const isLive = useTimeEvents();
  const isOwn = sheet.person.id === loaderData.viewerId;
  const personQuery = isOwn ? "" : `&person=${encodeURIComponent(sheet.person.id)}`;
  const listed = new Set(sheet.rows.map((row) => row.projectId));
  return (
    <main id="main" className="p-6 sm:p-10" data-live={isLive ? "true" : "false"}>
      <PageHeader
        title="Time"
        description={
          <>
            {isOwn ? "Your week" : `${sheet.person.name}'s week`}, {weekLabel(sheet.weekStart)}, in{" "}
            {sheet.timeZone.replace(/_/g, " ")}.
          </>
        }
      />
      <TimeTabs isAdmin={loaderData.isAdmin} />
      {isOwn ? <TimerPanel timer={timer} projects={projects} /> : null}
      <section aria-labelledby="week-heading">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h2 id="week-heading" className="heading-md mr-auto">
            Week of {weekLabel(sheet.weekStart)}
          </h2>
          <nav aria-label="Weeks" className="flex gap-2 text-sm">
            <Link
              className="btn-secondary px-3 py-1.5"
              to={`?week=${shiftDay(sheet.weekStart, -7)}${personQuery}`}
            >
              ← Previous week
            </Link>
            <Link
              className="btn-secondary px-3 py-1.5"
              to={`?week=${loaderData.thisWeek}${personQuery}`}
            >
              This week
            </Link>
            <Link
              className="btn-secondary px-3 py-1.5"
              to={`?week=${shiftDay(sheet.weekStart, 7)}${personQuery}`}
            >
              Next week →
            </Link>
          </nav>
          {loaderData.isAdmin ? (
            <Form method="get" className="flex items-end gap-2">
              <input type="hidden" name="week" value={sheet.weekStart} />
              <label htmlFor="person" className="sr-only">
                Person
              </label>
              <select
                id="person"
                name="person"
                defaultValue={sheet.person.id}
                className="field-input py-1.5 text-sm"
              >
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
                Open
              </button>
            </Form>
          ) : null}
        </div>
        {sheet.approval ? (
          <p className="mb-3 text-sm text-emerald-300" data-testid="week-approved">
            Approved by {sheet.approval.approvedByEmail} on{" "}
            {formatDateTime(sheet.approval.approvedAt, locale)}
            {sheet.isLocked
              ? ": ask an admin to change its time."
              : ". Changes you make are recorded in the audit log."}
          </p>
        ) : null}
        <FormError error={actionData && "error" in actionData ? actionData.error : undefined} />
        <TimesheetGrid
          key={`${sheet.person.id}-${sheet.weekStart}`}
          userId={sheet.person.id}
          weekStart={sheet.weekStart}
          days={sheet.days}
          rows={sheet.rows}
          dayTotals={sheet.dayTotals}
          minutes={sheet.minutes}
        />
        {sheet.isLocked ? null : (
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="userId" value={sheet.person.id} />
              <input type="hidden" name="weekStart" value={sheet.weekStart} />
              <div>
                <label htmlFor="add-row" className="field-label text-xs">
                  Add a project
                </label>
                <select id="add-row" name="projectId" className="field-input py-1.5 text-sm">
                  <ProjectOptions
                    projects={projects.filter((project) => !listed.has(project.id))}
                  />
                </select>
              </div>
              <button
                type="submit"
                name="intent"
                value="addRow"
                className="btn-secondary px-4 py-2 text-sm"
              >
                Add row
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="userId" value={sheet.person.id} />
              <input type="hidden" name="weekStart" value={sheet.weekStart} />
              <button
                type="submit"
                name="intent"
                value="copy"
                className="btn-secondary px-4 py-2 text-sm"
              >
                Copy last week
              </button>
            </Form>
          </div>
        )}
        {loaderData.isAdmin ? (
          <ApprovalForm
            userId={sheet.person.id}
            weekStart={sheet.weekStart}
            isApproved={Boolean(sheet.approval)}
            name={sheet.person.name}
          />
        ) : null}
      </section>
      {loaderData.isAdmin ? <TeamWeek team={team} weekStart={sheet.weekStart} /> : null}
    </main>
  );
}

function ApprovalForm({
  userId,
  weekStart,
  isApproved,
  name,
}: {
  userId: string;
  weekStart: string;
  isApproved: boolean;
  name: string;
}) {
  const fetcher = useFetcher<{ ok: false; error: string }>();
  return (
    <fetcher.Form method="post" className="mt-6 flex items-center gap-3">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="weekStart" value={weekStart} />
      {isApproved ? (
        <button
          type="submit"
          name="intent"
          value="reopen"
          className="btn-secondary px-4 py-2 text-sm"
        >
          Reopen {name}'s week
        </button>
      ) : (
        <button type="submit" name="intent" value="approve" className="btn-primary px-5 py-2">
          Approve {name}'s week
        </button>
      )}
      <FormError error={fetcher.data?.ok === false ? fetcher.data.error : undefined} />
    </fetcher.Form>
  );
}

function TeamWeek({
  team,
  weekStart,
}: {
  team: Array<{
    id: string;
    name: string;
    minutes: number;
    billableMinutes: number;
    approvedAt: string | Date | null;
  }>;
  weekStart: string;
}) {
  return (
    <section aria-labelledby="team-heading" className="mt-10">
      <h2 id="team-heading" className="heading-md mb-3">
        The team's week
      </h2>
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="px-3 py-2 font-medium">
                Person
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Billable
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Week
              </th>
            </tr>
          </thead>
          <tbody>
            {team.map((person) => (
              <tr key={person.id} className="border-b border-white/5">
                <td className="px-3 py-2">
                  <Link
                    className="text-white hover:underline"
                    to={`?week=${weekStart}&person=${encodeURIComponent(person.id)}`}
                  >
                    {person.name}
                  </Link>
                </td>
                <td className="px-3 py-2 text-right font-mono tabular-nums">
                  {formatMinutes(person.minutes)}
                </td>
                <td className="px-3 py-2 text-right font-mono tabular-nums">
                  {formatMinutes(person.billableMinutes)}
                </td>
                <td className="px-3 py-2">
                  {person.approvedAt
                    ? "Approved"
                    : person.minutes
                      ? "Waiting for approval"
                      : "No time"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
