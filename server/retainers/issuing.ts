import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { projects } from "#server/db/schema/projects.ts";
import {
  retainerPauses,
  retainerPeriods,
  retainers,
  retainerVersions,
} from "#server/db/schema/retainers.ts";
import { AppError } from "#server/errors.ts";
import { insertInvoice } from "#server/invoices/editing.ts";
import { type MailEnv, sendInvoice } from "#server/invoices/sending.ts";
import { isLeaseAlive } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { announceProjectChange } from "#server/projects/changes.ts";
import { formatMoney } from "#shared/money.ts";
import {
  dueDateOf,
  isPausedOn,
  type PauseTerms,
  type Period,
  periodsDue,
  type VersionTerms,
  versionFor,
} from "./periods";
import { auditRetainer, SCHEDULE_ACTOR } from "./records";

// The retainer job (decision 418): each due period is dealt with exactly once, however many
// runners meet and however long they were down. The period's row (primary key retainer +
// period start) and its invoice are written in one transaction: a second runner's insert
// waits on the key and then finds it taken, so it writes nothing.

/** A send that began this long ago and never finished is taken up again. */
const SEND_RETRY_MS = 10 * 60_000;

type Retainer = typeof retainers.$inferSelect;
type Owner = { clientId: string; projectName: string };

/** Writes one period: skipped while paused, otherwise a draft invoice; undefined if it was already written. */
async function writePeriod(
  db: Db,
  {
    retainer,
    owner,
    period,
    versions,
    pauses,
    today,
    lease,
  }: {
    lease: string | undefined;
    retainer: Retainer;
    owner: Owner;
    period: Period;
    versions: VersionTerms[];
    pauses: PauseTerms[];
    today: string;
  },
) {
  const version = versionFor(versions, period.start);
  if (!version) return undefined;
  const isSkipped = isPausedOn(pauses, period.issueDate);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(retainerPeriods)
      .values({
        retainerId: retainer.id,
        periodStart: period.start,
        status: isSkipped ? "skipped" : "invoiced",
        versionId: version.id,
        sendingSince: isSkipped ? null : new Date(),
        sendingBy: isSkipped ? null : (lease ?? null),
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return undefined;
    if (isSkipped) {
      await auditRetainer(tx, SCHEDULE_ACTOR, "skip", retainer, {
        clientId: owner.clientId,
        summary: `Retainer period ${period.label} of ${owner.projectName} skipped (paused)`,
        periodStart: period.start,
      });
      return { status: "skipped" as const };
    }
    // Dated the day it is issued: a period caught up after downtime is not born overdue.
    const issueDate = today > period.issueDate ? today : period.issueDate;
    const invoice = await insertInvoice(tx, {
      actor: SCHEDULE_ACTOR,
      input: {
        clientId: owner.clientId,
        projectId: retainer.projectId,
        currency: retainer.currency,
        issueDate,
        dueDate: dueDateOf(retainer, issueDate),
        discountKind: "none",
        discountValue: 0,
        notes: `Retainer for ${period.label} (${period.start} to ${period.end}).`,
        items: [
          {
            description: `${version.description}: ${period.label}`,
            quantity: 100,
            unitAmount: version.amount,
            taxRateBp: 0,
          },
        ],
      },
    });
    await tx
      .update(retainerPeriods)
      .set({ invoiceId: invoice.id })
      .where(
        and(
          eq(retainerPeriods.retainerId, retainer.id),
          eq(retainerPeriods.periodStart, period.start),
        ),
      );
    await auditRetainer(tx, SCHEDULE_ACTOR, "issue", retainer, {
      clientId: owner.clientId,
      summary: `Retainer invoice ${invoice.number} issued for ${period.label} of ${owner.projectName}: ${formatMoney(invoice.total, invoice.currency, "en")}`,
      periodStart: period.start,
      invoiceId: invoice.id,
    });
    return { status: "invoiced" as const, invoiceId: invoice.id };
  });
}

/** Sends a period's invoice through the invoices' own sending (status, audit, mail with PDF). */
async function deliver(
  db: Db,
  env: MailEnv,
  period: { retainerId: string; periodStart: string; invoiceId: string },
) {
  const where = and(
    eq(retainerPeriods.retainerId, period.retainerId),
    eq(retainerPeriods.periodStart, period.periodStart),
  );
  try {
    await sendInvoice({ db, env, actor: SCHEDULE_ACTOR, id: period.invoiceId });
    await db.update(retainerPeriods).set({ sentAt: new Date(), sendError: null }).where(where);
    return true;
  } catch (error) {
    const message =
      error instanceof AppError ? `${error.code}: ${error.message}` : `ERROR: ${String(error)}`;
    log.warn(`retainer invoice ${period.invoiceId} was not sent: ${message}`);
    await db
      .update(retainerPeriods)
      .set({ sendError: message.slice(0, 500) })
      .where(where);
    return false;
  }
}

/**
 * Takes up sends that did not finish: the invoice is still a draft, its mail failed, or the
 * job that took it on died mid-send (its lease is gone: the process was killed after the
 * invoice was marked sent and before its mail was recorded; that mail goes again: the one
 * mail that can go twice). One statement claims them, so two runners never send the same one.
 */
async function claimUnsent(db: Db, lease: string | undefined, retainerId?: string) {
  const abandoned = sql`(${retainerPeriods.sendingBy} is not null
    and not ${isLeaseAlive(sql`${retainerPeriods.sendingBy}`)})`;
  return db
    .update(retainerPeriods)
    .set({ sendingSince: new Date(), sendingBy: lease ?? null })
    .where(
      and(
        retainerId ? eq(retainerPeriods.retainerId, retainerId) : undefined,
        isNotNull(retainerPeriods.invoiceId),
        isNull(retainerPeriods.sentAt),
        or(
          and(
            or(
              isNull(retainerPeriods.sendingSince),
              lt(retainerPeriods.sendingSince, new Date(Date.now() - SEND_RETRY_MS)),
            ),
            sql`exists (select 1 from invoices where invoices.id = ${retainerPeriods.invoiceId}
              and (invoices.status = 'draft' or ${retainerPeriods.sendError} like 'UNAVAILABLE%'))`,
          ),
          abandoned,
        ),
      ),
    )
    .returning({
      retainerId: retainerPeriods.retainerId,
      periodStart: retainerPeriods.periodStart,
      invoiceId: retainerPeriods.invoiceId,
    });
}

/**
 * The job: issues and sends every period due by `today` that has no record yet (catching up
 * after downtime, oldest first), skips those that fall in a pause, and retries unfinished sends.
 */
export async function issueRetainerInvoices({
  db,
  env,
  today = todayIso(),
  retainerId,
  lease,
}: {
  db: Db;
  env: MailEnv;
  today?: string;
  retainerId?: string;
  /** The running job's lease (JobContext): a send it takes on is known as its own. */
  lease?: string;
}) {
  const outcome = { issued: [] as string[], skipped: 0, sent: 0 };
  const rows = await db
    .select({ retainer: retainers, clientId: projects.clientId, projectName: projects.name })
    .from(retainers)
    .innerJoin(projects, eq(projects.id, retainers.projectId))
    .where(
      and(
        retainerId ? eq(retainers.id, retainerId) : undefined,
        sql`${retainers.startDate} <= ${today}`,
      ),
    )
    .orderBy(retainers.createdAt, retainers.id);
  const ids = rows.map((row) => row.retainer.id);
  const [versions, pauses, done] = ids.length
    ? await Promise.all([
        db.select().from(retainerVersions).where(inArray(retainerVersions.retainerId, ids)),
        db.select().from(retainerPauses).where(inArray(retainerPauses.retainerId, ids)),
        db
          .select({ retainerId: retainerPeriods.retainerId, start: retainerPeriods.periodStart })
          .from(retainerPeriods)
          .where(inArray(retainerPeriods.retainerId, ids)),
      ])
    : [[], [], []];
  const doneKeys = new Set(done.map((row) => `${row.retainerId}@${row.start}`));
  for (const { retainer, clientId, projectName } of rows) {
    const own = <T extends { retainerId: string }>(list: T[]) =>
      list.filter((item) => item.retainerId === retainer.id);
    for (const period of periodsDue(retainer, today)) {
      if (doneKeys.has(`${retainer.id}@${period.start}`)) continue;
      const written = await writePeriod(db, {
        retainer,
        owner: { clientId, projectName },
        period,
        versions: own(versions),
        pauses: own(pauses),
        today,
        lease,
      });
      if (written?.status === "skipped") outcome.skipped++;
      if (written?.status !== "invoiced") continue;
      outcome.issued.push(written.invoiceId);
      const issued = { retainerId: retainer.id, periodStart: period.start };
      if (!(await deliver(db, env, { ...issued, invoiceId: written.invoiceId }))) continue;
      outcome.sent++;
      // An open portal tab shows the new invoice at once.
      await announceProjectChange(db, {
        clientId,
        projectId: retainer.projectId,
        what: "invoices",
      });
    }
  }
  for (const unsent of await claimUnsent(db, lease, retainerId))
    if (unsent.invoiceId && (await deliver(db, env, { ...unsent, invoiceId: unsent.invoiceId })))
      outcome.sent++;
  return outcome;
}
