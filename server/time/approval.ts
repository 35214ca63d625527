// Approved weeks: an admin approves a person's week; its entries are then locked for their
// author, and every later change by an admin is audited (decision 424).
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { timeApprovals, timeEntries } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { shiftDay, weekStartOf } from "#shared/time.ts";
import { listTimePeople } from "./profiles";
import { actorOf, announceTimeChange, auditTime, isAdmin, type TimeViewer } from "./records";

function requireAdmin(viewer: TimeViewer) {
  if (!isAdmin(viewer)) throw new AppError("FORBIDDEN", "Only admins approve time.");
}

function checkWeek(weekStart: string) {
  if (weekStartOf(weekStart) !== weekStart)
    throw new AppError("INVALID", "Choose the Monday a week starts on.");
}

export async function approveWeek({
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
  requireAdmin(viewer);
  checkWeek(weekStart);
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    if (!person) throw new AppError("NOT_FOUND", "That staff member no longer exists.");
    const [approval] = await tx
      .insert(timeApprovals)
      .values({ userId, weekStart, approvedBy: viewer.id, approvedByEmail: viewer.email })
      .onConflictDoNothing()
      .returning();
    if (!approval) throw new AppError("CONFLICT", "That week is approved already.");
    const [{ minutes }] = await tx
      .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int` })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.userId, userId),
          gte(timeEntries.entryDate, weekStart),
          lte(timeEntries.entryDate, shiftDay(weekStart, 6)),
        ),
      );
    await auditTime(tx, actorOf(viewer), "approve", userId, { weekStart, minutes });
    await announceTimeChange(tx, userId);
    return approval;
  });
}

/** Opens an approved week again (admins; audited). */
export async function reopenWeek({
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
  requireAdmin(viewer);
  checkWeek(weekStart);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(timeApprovals)
      .where(and(eq(timeApprovals.userId, userId), eq(timeApprovals.weekStart, weekStart)))
      .returning();
    if (!removed.length) throw new AppError("CONFLICT", "That week is not approved.");
    await auditTime(tx, actorOf(viewer), "reopen", userId, { weekStart });
    await announceTimeChange(tx, userId);
  });
}

/** The team's week for admins: each person's hours and whether the week is approved. */
export async function getTeamWeek({ db, weekStart }: { db: Db; weekStart: string }) {
  const [people, totals, approvals] = await Promise.all([
    listTimePeople(db),
    db
      .select({
        userId: timeEntries.userId,
        minutes: sql<number>`sum(${timeEntries.minutes})::int`,
        billable: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.isBillable}), 0)::int`,
      })
      .from(timeEntries)
      .where(
        and(
          gte(timeEntries.entryDate, weekStart),
          lte(timeEntries.entryDate, shiftDay(weekStart, 6)),
        ),
      )
      .groupBy(timeEntries.userId),
    db.select().from(timeApprovals).where(eq(timeApprovals.weekStart, weekStart)),
  ]);
  return people.map((person) => {
    const total = totals.find((row) => row.userId === person.id);
    const approval = approvals.find((row) => row.userId === person.id);
    return {
      id: person.id,
      name: person.name,
      email: person.email,
      minutes: total?.minutes ?? 0,
      billableMinutes: total?.billable ?? 0,
      approvedAt: approval?.approvedAt ?? null,
      approvedByEmail: approval?.approvedByEmail ?? null,
    };
  });
}
