import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { projects } from "#server/db/schema/projects.ts";
import {
  retainerPauses,
  retainerPeriods,
  retainers,
  retainerVersions,
} from "#server/db/schema/retainers.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import type { RetainerInput } from "#shared/business/retainer-form.ts";
import { formatMoney } from "#shared/money.ts";
import { firstOfMonth, isPausedOn, nextPeriod, periodLabel, versionFor } from "./periods";
import { auditRetainer as audit, RETAINER_ISSUE_JOB } from "./records";

// Staff set up and change a project's retainer on the project page (decision 417). Every
// change is audited in area "retainers" with the client's id, so the client timeline shows it.

async function projectOf(tx: Tx, projectId: string) {
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project no longer exists.");
  const [project] = await tx
    .select({ id: projects.id, name: projects.name, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
  return project;
}

/** The project's retainer, locked for a change. */
async function lockRetainer(tx: Tx, projectId: string) {
  const project = await projectOf(tx, projectId);
  const [retainer] = await tx
    .select()
    .from(retainers)
    .where(eq(retainers.projectId, projectId))
    .for("update");
  if (!retainer) throw new AppError("NOT_FOUND", "This project has no retainer.");
  return { project, retainer };
}

/** Asks the job to issue what is due now (a retainer whose first period is due at once). */
async function queueIssue(db: Db, retainerId: string) {
  await enqueueJob(db, { kind: RETAINER_ISSUE_JOB, payload: { retainerId }, maxAttempts: 3 });
}

const money = (amount: number, currency: string) => formatMoney(amount, currency, "en");

/** Sets up a project's retainer from its first month; a period already due is issued right away. */
export async function createRetainer({
  db,
  actor,
  projectId,
  input,
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  input: RetainerInput;
  today?: string;
}) {
  if (input.startDate < firstOfMonth(today))
    throw new AppError("INVALID", "A retainer starts this month or later.", {
      fieldErrors: { startMonth: ["Choose this month or a later one."] },
    });
  const retainer = await db.transaction(async (tx) => {
    const project = await projectOf(tx, projectId);
    const [created] = await tx
      .insert(retainers)
      .values({
        projectId,
        currency: input.currency,
        period: input.period,
        startDate: input.startDate,
        issueDay: input.issueDay,
        paymentTermsDays: input.paymentTermsDays,
        createdBy: actor.email ?? null,
      })
      .onConflictDoNothing({ target: retainers.projectId })
      .returning();
    if (!created)
      throw new AppError("CONFLICT", "This project already has a retainer: change it instead.");
    await tx.insert(retainerVersions).values({
      retainerId: created.id,
      effectiveFrom: input.startDate,
      amount: input.amount,
      description: input.description,
      createdBy: actor.email ?? null,
    });
    await audit(tx, actor, "create", created, {
      clientId: project.clientId,
      summary: `Retainer set up for ${project.name}: ${money(input.amount, input.currency)} ${input.period === "quarter" ? "a quarter" : "a month"} from ${input.startDate}`,
      amount: input.amount,
      currency: input.currency,
    });
    return created;
  });
  await queueIssue(db, retainer.id);
  return retainer;
}

/** A new amount or invoice line for the periods starting on or after `effectiveFrom`. */
export async function changeRetainer({
  db,
  actor,
  projectId,
  input,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  input: { effectiveFrom: string; amount: number; description: string };
}) {
  return db.transaction(async (tx) => {
    const { project, retainer } = await lockRetainer(tx, projectId);
    if (input.effectiveFrom < retainer.startDate)
      throw new AppError("INVALID", "A change takes effect on or after the retainer's start.", {
        fieldErrors: { effectiveFrom: [`Choose ${retainer.startDate} or later.`] },
      });
    const [version] = await tx
      .insert(retainerVersions)
      .values({ retainerId: retainer.id, ...input, createdBy: actor.email ?? null })
      .returning();
    await tx.update(retainers).set({ updatedAt: new Date() }).where(eq(retainers.id, retainer.id));
    await audit(tx, actor, "change", retainer, {
      clientId: project.clientId,
      summary: `Retainer for ${project.name} changed to ${money(input.amount, retainer.currency)} (“${input.description}”) for periods from ${input.effectiveFrom}`,
      amount: input.amount,
      effectiveFrom: input.effectiveFrom,
    });
    return version;
  });
}

/** Pauses from today: periods whose issue day comes while paused are skipped, never billed later. */
export async function pauseRetainer({
  db,
  actor,
  projectId,
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  today?: string;
}) {
  await db.transaction(async (tx) => {
    const { project, retainer } = await lockRetainer(tx, projectId);
    if (retainer.endDate && retainer.endDate < today)
      throw new AppError("CONFLICT", "This retainer has ended.");
    const [open] = await tx
      .select({ id: retainerPauses.id })
      .from(retainerPauses)
      .where(and(eq(retainerPauses.retainerId, retainer.id), isNull(retainerPauses.resumedOn)));
    if (open) throw new AppError("CONFLICT", "This retainer is already paused.");
    await tx
      .insert(retainerPauses)
      .values({ retainerId: retainer.id, pausedOn: today, pausedBy: actor.email ?? null });
    await audit(tx, actor, "pause", retainer, {
      clientId: project.clientId,
      summary: `Retainer for ${project.name} paused from ${today}`,
    });
  });
}

/** Resumes today: the next period whose issue day comes is billed again. */
export async function resumeRetainer({
  db,
  actor,
  projectId,
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  today?: string;
}) {
  const retainerId = await db.transaction(async (tx) => {
    const { project, retainer } = await lockRetainer(tx, projectId);
    const resumed = await tx
      .update(retainerPauses)
      .set({ resumedOn: today, resumedBy: actor.email ?? null })
      .where(and(eq(retainerPauses.retainerId, retainer.id), isNull(retainerPauses.resumedOn)))
      .returning({ id: retainerPauses.id });
    if (!resumed.length) throw new AppError("CONFLICT", "This retainer is not paused.");
    await audit(tx, actor, "resume", retainer, {
      clientId: project.clientId,
      summary: `Retainer for ${project.name} resumed on ${today}`,
    });
    return retainer.id;
  });
  await queueIssue(db, retainerId);
}

/** Ends the retainer after `endDate` (the last day of service): later periods are not billed. */
export async function endRetainer({
  db,
  actor,
  projectId,
  endDate,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  endDate: string;
}) {
  await db.transaction(async (tx) => {
    const { project, retainer } = await lockRetainer(tx, projectId);
    if (endDate < retainer.startDate)
      throw new AppError("INVALID", "The retainer cannot end before it starts.", {
        fieldErrors: { endDate: [`Choose ${retainer.startDate} or later.`] },
      });
    await tx
      .update(retainers)
      .set({ endDate, updatedAt: new Date() })
      .where(eq(retainers.id, retainer.id));
    await audit(tx, actor, "end", retainer, {
      clientId: project.clientId,
      summary: `Retainer for ${project.name} ends after ${endDate}`,
      endDate,
    });
  });
}

export type RetainerState = "active" | "paused" | "ending" | "ended";

/** The project page's view: terms, what is in force, what comes next, history and periods. */
export async function getProjectRetainer({
  db,
  projectId,
  today = todayIso(),
}: {
  db: Db;
  projectId: string;
  today?: string;
}) {
  if (!isUuid(projectId)) return undefined;
  const [retainer] = await db.select().from(retainers).where(eq(retainers.projectId, projectId));
  if (!retainer) return undefined;
  const [versions, pauses, periods] = await Promise.all([
    db
      .select()
      .from(retainerVersions)
      .where(eq(retainerVersions.retainerId, retainer.id))
      .orderBy(desc(retainerVersions.effectiveFrom), desc(retainerVersions.createdAt)),
    db
      .select()
      .from(retainerPauses)
      .where(eq(retainerPauses.retainerId, retainer.id))
      .orderBy(asc(retainerPauses.pausedOn)),
    db
      .select({
        periodStart: retainerPeriods.periodStart,
        status: retainerPeriods.status,
        sentAt: retainerPeriods.sentAt,
        sendError: retainerPeriods.sendError,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        invoiceStatus: invoices.status,
        invoiceTotal: invoices.total,
      })
      .from(retainerPeriods)
      .leftJoin(invoices, eq(invoices.id, retainerPeriods.invoiceId))
      .where(eq(retainerPeriods.retainerId, retainer.id))
      .orderBy(desc(retainerPeriods.periodStart))
      .limit(24),
  ]);
  const next = nextPeriod(retainer, today);
  const isPaused = isPausedOn(pauses, today);
  const state: RetainerState =
    retainer.endDate && retainer.endDate < today
      ? "ended"
      : isPaused
        ? "paused"
        : retainer.endDate
          ? "ending"
          : "active";
  return {
    retainer,
    state,
    current: versionFor(versions, next?.start ?? today) ?? versions[0],
    next: next
      ? {
          ...next,
          amount: versionFor(versions, next.start)?.amount ?? 0,
          isSkipped: isPausedOn(pauses, next.issueDate),
        }
      : null,
    versions,
    pauses,
    periods: periods.map((period) => ({
      ...period,
      label: periodLabel(retainer.period, period.periodStart),
    })),
    /** Ending now means after the period under way: the day before the next one starts. */
    suggestedEndDate: next ? addDays(next.start, -1) : today,
  };
}
