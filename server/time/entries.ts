// Time entries: logged by hand, by the timesheet, the timer, the API or an import; changed and
// removed by their author until billed or approved, by admins with an audit entry (decision 424).
import { and, asc, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { clients } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { type TimeEntrySource, timeApprovals, timeEntries } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { MAX_ENTRY_MINUTES, weekStartOf } from "#shared/time.ts";
import { checkBudgetAlerts } from "./budgets";
import {
  actorOf,
  announceTimeChange,
  auditTime,
  isAdmin,
  type TimeViewer,
  visibleEntries,
} from "./records";

export type TimeEntryInput = {
  projectId: string;
  milestoneId: string | null;
  entryDate: string;
  minutes: number;
  note: string;
  isBillable: boolean;
  startedAt?: Date | null;
  endedAt?: Date | null;
};

type EntryRow = typeof timeEntries.$inferSelect;

const invalid = (field: string, message: string) =>
  new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });

/** The project (and milestone) an entry names, checked; refuses cancelled and completed projects for new time. */
export async function requireLoggableProject(
  tx: Tx | Db,
  projectId: string,
  milestoneId: string | null,
) {
  const [project] = await tx
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      clientId: projects.clientId,
      currency: projects.currency,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw invalid("projectId", "Choose a project that exists.");
  if (project.status === "cancelled")
    throw invalid("projectId", `${project.name} is cancelled: time cannot be logged on it.`);
  if (milestoneId) {
    const [milestone] = await tx
      .select({ projectId: projectMilestones.projectId })
      .from(projectMilestones)
      .where(eq(projectMilestones.id, milestoneId));
    if (milestone?.projectId !== projectId)
      throw invalid("milestoneId", "Choose a milestone of the same project.");
  }
  return project;
}

/** Whether a person's week holding a day is approved. */
export async function isWeekApproved(tx: Tx | Db, userId: string, entryDate: string) {
  const [approval] = await tx
    .select({ weekStart: timeApprovals.weekStart })
    .from(timeApprovals)
    .where(
      and(eq(timeApprovals.userId, userId), eq(timeApprovals.weekStart, weekStartOf(entryDate))),
    );
  return Boolean(approval);
}

/** Why an entry cannot change at all: it is on an invoice or settled by a retainer period. */
async function billedReason(tx: Tx, entry: EntryRow) {
  if (entry.invoiceId) {
    const [invoice] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, entry.invoiceId));
    return `This time is billed on ${invoice?.number ?? "an invoice"}: void that invoice to change it.`;
  }
  if (entry.retainerPeriodStart)
    return "This time was settled with its retainer period and cannot change.";
  return undefined;
}

/**
 * Whether the viewer may write time of `userId` on `entryDate`: their own unless the week is
 * approved; an admin anyone's, always. Returns whether the change must be audited.
 */
async function checkWritable(tx: Tx, viewer: TimeViewer, userId: string, entryDate: string) {
  const isApproved = await isWeekApproved(tx, userId, entryDate);
  if (userId !== viewer.id && !isAdmin(viewer))
    throw new AppError("FORBIDDEN", "You can change only your own time.");
  if (isApproved && !isAdmin(viewer))
    throw new AppError("CONFLICT", "That week is approved: ask an admin to change its time.");
  return isApproved || userId !== viewer.id;
}

function checkInput(input: TimeEntryInput) {
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > MAX_ENTRY_MINUTES)
    throw invalid("duration", "Enter between 0:01 and 24:00, such as 1:30 or 1.5.");
  if (input.note.length > 2000) throw invalid("note", "Keep the note under 2000 characters.");
}

/** Writes new entries inside the caller's transaction (the timer's pieces, an import's rows). */
export async function insertEntries(
  tx: Tx,
  viewer: TimeViewer,
  userId: string,
  inputs: Array<TimeEntryInput & { importKey?: string }>,
  source: TimeEntrySource,
) {
  const created: EntryRow[] = [];
  for (const input of inputs) {
    await requireLoggableProject(tx, input.projectId, input.milestoneId);
    const isAudited = await checkWritable(tx, viewer, userId, input.entryDate);
    const [entry] = await tx
      .insert(timeEntries)
      .values({ ...input, userId, source })
      // An imported row already there (the same file twice, or two imports at once) adds nothing.
      .onConflictDoNothing({ target: timeEntries.importKey })
      .returning();
    if (!entry) continue;
    if (isAudited)
      await auditTime(tx, actorOf(viewer), "create", entry.id, {
        userId,
        entryDate: entry.entryDate,
        minutes: entry.minutes,
      });
    created.push(entry);
  }
  for (const projectId of new Set(created.map((entry) => entry.projectId)))
    await checkBudgetAlerts(tx, projectId);
  if (created.length) await announceTimeChange(tx, userId);
  return created;
}

/** Logs time by hand (for oneself, or for anyone as an admin). */
export async function createTimeEntry({
  db,
  viewer,
  userId = viewer.id,
  input,
  source = "manual",
}: {
  db: Db;
  viewer: TimeViewer;
  userId?: string;
  input: TimeEntryInput;
  source?: TimeEntrySource;
}) {
  checkInput(input);
  const [entry] = await db.transaction((tx) => insertEntries(tx, viewer, userId, [input], source));
  return entry;
}

async function lockEntry(tx: Tx, viewer: TimeViewer, id: string) {
  const [entry] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), visibleEntries(viewer)))
    .for("update");
  if (!entry) throw new AppError("NOT_FOUND", "That time entry no longer exists.");
  const reason = await billedReason(tx, entry);
  if (reason) throw new AppError("CONFLICT", reason);
  return entry;
}

/** Changes an entry: its author until its week is approved, an admin always (audited). */
export async function updateTimeEntry({
  db,
  viewer,
  id,
  input,
}: {
  db: Db;
  viewer: TimeViewer;
  id: string;
  input: TimeEntryInput;
}) {
  checkInput(input);
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, viewer, id);
    const wasAudited = await checkWritable(tx, viewer, entry.userId, entry.entryDate);
    const isAudited = await checkWritable(tx, viewer, entry.userId, input.entryDate);
    await requireLoggableProject(tx, input.projectId, input.milestoneId);
    const keepsClock = input.entryDate === entry.entryDate && input.minutes === entry.minutes;
    const [updated] = await tx
      .update(timeEntries)
      .set({
        projectId: input.projectId,
        milestoneId: input.milestoneId,
        entryDate: input.entryDate,
        minutes: input.minutes,
        note: input.note,
        isBillable: input.isBillable,
        // A changed day or duration no longer matches the clock times a timer recorded.
        startedAt: keepsClock ? entry.startedAt : (input.startedAt ?? null),
        endedAt: keepsClock ? entry.endedAt : (input.endedAt ?? null),
        updatedAt: new Date(),
      })
      .where(eq(timeEntries.id, id))
      .returning();
    if (wasAudited || isAudited)
      await auditTime(tx, actorOf(viewer), "update", id, {
        userId: entry.userId,
        before: pick(entry),
        after: pick(updated),
      });
    await checkBudgetAlerts(tx, updated.projectId);
    await announceTimeChange(tx, entry.userId);
    return updated;
  });
}

function pick(entry: EntryRow) {
  return {
    projectId: entry.projectId,
    entryDate: entry.entryDate,
    minutes: entry.minutes,
    isBillable: entry.isBillable,
    note: entry.note.slice(0, 200),
  };
}

/** Removes an entry, under the same rules as changing it. */
export async function deleteTimeEntry({
  db,
  viewer,
  id,
}: {
  db: Db;
  viewer: TimeViewer;
  id: string;
}) {
  await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, viewer, id);
    const isAudited = await checkWritable(tx, viewer, entry.userId, entry.entryDate);
    await tx.delete(timeEntries).where(eq(timeEntries.id, id));
    if (isAudited)
      await auditTime(tx, actorOf(viewer), "delete", id, {
        userId: entry.userId,
        before: pick(entry),
      });
    await announceTimeChange(tx, entry.userId);
  });
}

export type TimeEntryFilter = {
  userId?: string;
  projectId?: string;
  clientId?: string;
  from?: string;
  to?: string;
  isUnbilled?: boolean;
};

export function entryConditions(viewer: TimeViewer, filter: TimeEntryFilter): SQL[] {
  const conditions: SQL[] = [visibleEntries(viewer)];
  if (filter.userId) conditions.push(eq(timeEntries.userId, filter.userId));
  if (filter.projectId) conditions.push(eq(timeEntries.projectId, filter.projectId));
  if (filter.clientId) conditions.push(eq(projects.clientId, filter.clientId));
  if (filter.from) conditions.push(gte(timeEntries.entryDate, filter.from));
  if (filter.to) conditions.push(lte(timeEntries.entryDate, filter.to));
  if (filter.isUnbilled)
    conditions.push(
      isNull(timeEntries.invoiceId),
      isNull(timeEntries.retainerPeriodStart),
      eq(timeEntries.isBillable, true),
    );
  return conditions;
}

export const entryColumns = {
  id: timeEntries.id,
  userId: timeEntries.userId,
  userName: authUsers.name,
  userEmail: authUsers.email,
  projectId: timeEntries.projectId,
  projectName: projects.name,
  clientId: projects.clientId,
  clientName: clients.company,
  milestoneId: timeEntries.milestoneId,
  milestoneTitle: projectMilestones.title,
  entryDate: timeEntries.entryDate,
  startedAt: timeEntries.startedAt,
  endedAt: timeEntries.endedAt,
  minutes: timeEntries.minutes,
  note: timeEntries.note,
  isBillable: timeEntries.isBillable,
  invoiceId: timeEntries.invoiceId,
  invoiceNumber: invoices.number,
  retainerPeriodStart: timeEntries.retainerPeriodStart,
  source: timeEntries.source,
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
};

function joinedEntries(db: Db | Tx) {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(authUsers, eq(authUsers.id, timeEntries.userId))
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, timeEntries.milestoneId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId));
}

export type TimeEntryView = Awaited<ReturnType<typeof findTimeEntries>>["rows"][number];

/** A page of the entries a viewer may see, newest day first. */
export async function findTimeEntries({
  db,
  viewer,
  filter,
  page = 1,
  pageSize = 50,
}: {
  db: Db;
  viewer: TimeViewer;
  filter: TimeEntryFilter;
  page?: number;
  pageSize?: number;
}) {
  const where = and(...entryConditions(viewer, filter));
  const [rows, [{ total, minutes }]] = await Promise.all([
    joinedEntries(db)
      .where(where)
      .orderBy(desc(timeEntries.entryDate), desc(timeEntries.createdAt), asc(timeEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
      })
      .from(timeEntries)
      .innerJoin(projects, eq(projects.id, timeEntries.projectId))
      .where(where),
  ]);
  return { rows, total, minutes, page, pageSize };
}

/** One entry the viewer may see, with its names. */
export async function getTimeEntry({ db, viewer, id }: { db: Db; viewer: TimeViewer; id: string }) {
  const [entry] = await joinedEntries(db).where(
    and(eq(timeEntries.id, id), visibleEntries(viewer)),
  );
  if (!entry) return undefined;
  const isApproved = await isWeekApproved(db, entry.userId, entry.entryDate);
  return { ...entry, isApproved };
}

/** Projects time may be logged on (not cancelled or completed), with their milestones, for the forms. */
export async function listLoggableProjects(db: Db) {
  const [rows, milestones] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        clientName: clients.company,
        currency: projects.currency,
      })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(sql`${projects.status} in ('onboarding', 'active', 'on_hold')`)
      .orderBy(asc(clients.company), asc(projects.name)),
    db
      .select({
        id: projectMilestones.id,
        projectId: projectMilestones.projectId,
        title: projectMilestones.title,
      })
      .from(projectMilestones)
      .orderBy(asc(projectMilestones.position)),
  ]);
  return rows.map((project) => ({
    ...project,
    milestones: milestones
      .filter((milestone) => milestone.projectId === project.id)
      .map(({ id, title }) => ({ id, title })),
  }));
}
