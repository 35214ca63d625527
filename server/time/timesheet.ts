// The weekly timesheet: a person's projects by the seven days of a week in their time zone,
// each cell the minutes logged that day; typed cells write entries (decision 424).
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { clients } from "#server/db/schema/clients.ts";
import { projects } from "#server/db/schema/projects.ts";
import { timeApprovals, timeEntries, timesheetRows } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { shiftDay, weekDays, weekStartOf } from "#shared/time.ts";
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from "./entries";
import { getTimeZone } from "./profiles";
import { isAdmin, type TimeViewer } from "./records";
import { localDateOf } from "./zones";

/** Only the person themself and admins open a person's timesheet. */
export function checkTimesheetAccess(viewer: TimeViewer, userId: string) {
  if (userId !== viewer.id && !isAdmin(viewer))
    throw new AppError("FORBIDDEN", "You can open only your own timesheet.");
}

/** The Monday of the current week in a person's time zone. */
export async function currentWeekStart(db: Db, userId: string, now = new Date()) {
  return weekStartOf(localDateOf(now, await getTimeZone(db, userId)));
}

export type TimesheetCell = {
  date: string;
  minutes: number;
  entryCount: number;
  /** Typing in the cell changes it: no entry, or one that is not billed. */
  isEditable: boolean;
};

export async function getTimesheet({
  db,
  viewer,
  userId,
  weekStart,
}: {
  db: Db;
  viewer: TimeViewer;
  userId: string;
  weekStart: string;
}) {
  checkTimesheetAccess(viewer, userId);
  const days = weekDays(weekStart);
  const [person] = await db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (!person) throw new AppError("NOT_FOUND", "That staff member no longer exists.");
  const [timeZone, entries, extraRows, [approval]] = await Promise.all([
    getTimeZone(db, userId),
    db
      .select({
        id: timeEntries.id,
        projectId: timeEntries.projectId,
        entryDate: timeEntries.entryDate,
        minutes: timeEntries.minutes,
        isBilled: timeEntries.invoiceId,
        retainerPeriodStart: timeEntries.retainerPeriodStart,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.userId, userId),
          gte(timeEntries.entryDate, days[0]),
          lte(timeEntries.entryDate, days[6]),
        ),
      ),
    db
      .select({ projectId: timesheetRows.projectId })
      .from(timesheetRows)
      .where(and(eq(timesheetRows.userId, userId), eq(timesheetRows.weekStart, weekStart))),
    db
      .select()
      .from(timeApprovals)
      .where(and(eq(timeApprovals.userId, userId), eq(timeApprovals.weekStart, weekStart))),
  ]);
  const projectIds = [
    ...new Set([
      ...entries.map((entry) => entry.projectId),
      ...extraRows.map((row) => row.projectId),
    ]),
  ];
  const projectRows = projectIds.length
    ? await db
        .select({
          id: projects.id,
          name: projects.name,
          clientName: clients.company,
          status: projects.status,
        })
        .from(projects)
        .innerJoin(clients, eq(clients.id, projects.clientId))
        .where(inArray(projects.id, projectIds))
        .orderBy(asc(clients.company), asc(projects.name))
    : [];
  const isLocked = Boolean(approval) && !isAdmin(viewer);
  const rows = projectRows.map((project) => {
    const cells: TimesheetCell[] = days.map((date) => {
      const inCell = entries.filter(
        (entry) => entry.projectId === project.id && entry.entryDate === date,
      );
      const isBilled = inCell.some((entry) => entry.isBilled || entry.retainerPeriodStart);
      return {
        date,
        minutes: inCell.reduce((sum, entry) => sum + entry.minutes, 0),
        entryCount: inCell.length,
        isEditable: !isLocked && !isBilled && inCell.length <= 1,
      };
    });
    return {
      projectId: project.id,
      projectName: project.name,
      clientName: project.clientName,
      cells,
      minutes: cells.reduce((sum, cell) => sum + cell.minutes, 0),
      hasEntries: cells.some((cell) => cell.entryCount > 0),
    };
  });
  return {
    person,
    timeZone,
    weekStart,
    days,
    rows,
    dayTotals: days.map((date) =>
      entries
        .filter((entry) => entry.entryDate === date)
        .reduce((sum, entry) => sum + entry.minutes, 0),
    ),
    minutes: entries.reduce((sum, entry) => sum + entry.minutes, 0),
    approval: approval
      ? { approvedAt: approval.approvedAt, approvedByEmail: approval.approvedByEmail }
      : null,
    isLocked,
  };
}

/**
 * Sets one cell: the minutes a person logged on a project that day. An empty cell gets a new
 * entry; a cell of one entry has it changed (or removed at zero); a cell of several entries is
 * changed in the list of entries instead.
 */
export async function setTimesheetCell({
  db,
  viewer,
  userId,
  projectId,
  entryDate,
  minutes,
}: {
  db: Db;
  viewer: TimeViewer;
  userId: string;
  projectId: string;
  entryDate: string;
  minutes: number;
}) {
  checkTimesheetAccess(viewer, userId);
  const inCell = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.projectId, projectId),
        eq(timeEntries.entryDate, entryDate),
      ),
    );
  if (inCell.length > 1)
    throw new AppError(
      "CONFLICT",
      `That day has ${inCell.length} entries on this project: change them one by one under Entries.`,
    );
  const [entry] = inCell;
  if (!entry) {
    if (minutes === 0) return;
    await createTimeEntry({
      db,
      viewer,
      userId,
      source: "timesheet",
      input: { projectId, milestoneId: null, entryDate, minutes, note: "", isBillable: true },
    });
  } else if (minutes === 0) await deleteTimeEntry({ db, viewer, id: entry.id });
  else if (minutes !== entry.minutes)
    await updateTimeEntry({
      db,
      viewer,
      id: entry.id,
      input: {
        projectId,
        milestoneId: entry.milestoneId,
        entryDate,
        minutes,
        note: entry.note,
        isBillable: entry.isBillable,
      },
    });
}

/** Adds a project as an empty row of a week. */
export async function addTimesheetRow({
  db,
  viewer,
  userId,
  weekStart,
  projectId,
}: {
  db: Db;
  viewer: TimeViewer;
  userId: string;
  weekStart: string;
  projectId: string;
}) {
  checkTimesheetAccess(viewer, userId);
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project)
    throw new AppError("INVALID", "Choose a project that exists.", {
      fieldErrors: { projectId: ["Choose a project that exists."] },
    });
  await db
    .insert(timesheetRows)
    .values({ userId, weekStart: weekStartOf(weekStart), projectId })
    .onConflictDoNothing();
}

/** Drops an empty row from a week (a row with time keeps showing while it has entries). */
export async function removeTimesheetRow({
  db,
  viewer,
  userId,
  weekStart,
  projectId,
}: {
  db: Db;
  viewer: TimeViewer;
  userId: string;
  weekStart: string;
  projectId: string;
}) {
  checkTimesheetAccess(viewer, userId);
  await db
    .delete(timesheetRows)
    .where(
      and(
        eq(timesheetRows.userId, userId),
        eq(timesheetRows.weekStart, weekStart),
        eq(timesheetRows.projectId, projectId),
      ),
    );
}

/**
 * "Copy last week": the projects of the week before (with time or listed) become this week's
 * rows, empty; hours are typed anew (copying hours would log time nobody spent). Returns how
 * many rows were added.
 */
export async function copyLastWeek({
  db,
  viewer,
  userId,
  weekStart,
}: {
  db: Db;
  viewer: TimeViewer;
  userId: string;
  weekStart: string;
}) {
  checkTimesheetAccess(viewer, userId);
  const previous = shiftDay(weekStart, -7);
  const [logged, listed] = await Promise.all([
    db
      .selectDistinct({ projectId: timeEntries.projectId })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.userId, userId),
          gte(timeEntries.entryDate, previous),
          lte(timeEntries.entryDate, shiftDay(previous, 6)),
        ),
      ),
    db
      .select({ projectId: timesheetRows.projectId })
      .from(timesheetRows)
      .where(and(eq(timesheetRows.userId, userId), eq(timesheetRows.weekStart, previous))),
  ]);
  const projectIds = [...new Set([...logged, ...listed].map((row) => row.projectId))];
  if (!projectIds.length) return 0;
  const open = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        inArray(projects.id, projectIds),
        inArray(projects.status, ["onboarding", "active", "on_hold"]),
      ),
    );
  if (!open.length) return 0;
  const added = await db
    .insert(timesheetRows)
    .values(open.map((project) => ({ userId, weekStart, projectId: project.id })))
    .onConflictDoNothing()
    .returning();
  return added.length;
}
