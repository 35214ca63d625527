// The timer runs on the server: one per person, seen on every device; starting another stops
// the running one; stopping it logs its time, cut at each local midnight (decision 422).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { timeTimers } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { insertEntries, requireLoggableProject } from "./entries";
import { getTimeZone } from "./profiles";
import { announceTimeChange, type TimeViewer } from "./records";
import { splitAtMidnights } from "./zones";

export type TimerInput = {
  projectId: string;
  milestoneId: string | null;
  note: string;
  isBillable: boolean;
};

/** The running timer of a person, with its project's name, or null. */
export async function getRunningTimer(db: Db, userId: string) {
  const [timer] = await db
    .select({
      projectId: timeTimers.projectId,
      projectName: projects.name,
      milestoneId: timeTimers.milestoneId,
      milestoneTitle: projectMilestones.title,
      note: timeTimers.note,
      isBillable: timeTimers.isBillable,
      startedAt: timeTimers.startedAt,
    })
    .from(timeTimers)
    .innerJoin(projects, eq(projects.id, timeTimers.projectId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, timeTimers.milestoneId))
    .where(eq(timeTimers.userId, userId));
  return timer ?? null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Ends the running timer inside a transaction and logs its pieces; nothing when none runs. */
async function stopInside(tx: Tx, viewer: TimeViewer, now: Date) {
  const [timer] = await tx.delete(timeTimers).where(eq(timeTimers.userId, viewer.id)).returning();
  if (!timer) return { stopped: false, entries: [] };
  const timeZone = await getTimeZone(tx, viewer.id);
  const pieces = splitAtMidnights(
    timer.startedAt,
    now > timer.startedAt ? now : timer.startedAt,
    timeZone,
  );
  const entries = await insertEntries(
    tx,
    viewer,
    viewer.id,
    pieces.map((piece) => ({
      projectId: timer.projectId,
      milestoneId: timer.milestoneId,
      entryDate: piece.entryDate,
      minutes: piece.minutes,
      note: timer.note,
      isBillable: timer.isBillable,
      startedAt: piece.startedAt,
      endedAt: piece.endedAt,
    })),
    "timer",
  );
  return { stopped: true, entries };
}

/** Starts a timer for the viewer; a running one is stopped (and its time logged) first. */
export async function startTimer({
  db,
  viewer,
  input,
  now = new Date(),
}: {
  db: Db;
  viewer: TimeViewer;
  input: TimerInput;
  now?: Date;
}) {
  return db.transaction(async (tx) => {
    await requireLoggableProject(tx, input.projectId, input.milestoneId);
    const previous = await stopInside(tx, viewer, now);
    const values = { userId: viewer.id, ...input, startedAt: now };
    await tx
      .insert(timeTimers)
      .values(values)
      .onConflictDoUpdate({ target: timeTimers.userId, set: values });
    await announceTimeChange(tx, viewer.id);
    return { stoppedEntries: previous.entries };
  });
}

/** Stops the viewer's timer and logs its time. Under a minute logs nothing. */
export async function stopTimer({
  db,
  viewer,
  now = new Date(),
}: {
  db: Db;
  viewer: TimeViewer;
  now?: Date;
}) {
  return db.transaction(async (tx) => {
    const result = await stopInside(tx, viewer, now);
    if (!result.stopped)
      throw new AppError("CONFLICT", "No timer is running: it was stopped elsewhere.");
    await announceTimeChange(tx, viewer.id);
    return result.entries;
  });
}

/** Throws a running timer away without logging it. */
export async function discardTimer({ db, viewer }: { db: Db; viewer: TimeViewer }) {
  await db.transaction(async (tx) => {
    const [timer] = await tx.delete(timeTimers).where(eq(timeTimers.userId, viewer.id)).returning();
    if (!timer) throw new AppError("CONFLICT", "No timer is running: it was stopped elsewhere.");
    await announceTimeChange(tx, viewer.id);
  });
}
