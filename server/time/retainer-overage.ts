// A retainer with included hours (decision 427): when one of its periods has ended, the
// period's billable time beyond the included hours is billed on a draft invoice, once. The
// overage row (primary key project + period start), the invoice and the entries' marks are
// written in one transaction under the project's row lock, as retainer invoices are (418).
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays, todayIso } from "#server/business/dates.ts";
import { notifyStaff } from "#server/business/notify.ts";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { projects } from "#server/db/schema/projects.ts";
import { retainerPeriods, retainers } from "#server/db/schema/retainers.ts";
import { projectTimeSettings, retainerOverages, timeEntries } from "#server/db/schema/time.ts";
import type { Env } from "#server/env.ts";
import { insertInvoice } from "#server/invoices/editing.ts";
import { log } from "#server/log.ts";
import { periodAt } from "#server/retainers/periods.ts";
import { SCHEDULE_ACTOR } from "#server/retainers/records.ts";
import { formatMoney, lineAmount } from "#shared/money.ts";
import { formatMinutes, minutesToHundredths, roundMinutes } from "#shared/time.ts";
import { TIME_INVOICE_TERMS_DAYS } from "./billing";
import { ratesOnProject } from "./rates";
import { auditTime } from "./records";

/** The hourly job that settles ended periods. */
export const RETAINER_OVERAGE_JOB = "time.retainer-overage";
/** Bound on the periods one run walks per retainer. */
const MAX_PERIODS = 1200;

type Candidate = {
  projectId: string;
  projectName: string;
  clientId: string;
  currency: string;
  includedMinutes: number;
  includedFrom: string;
  roundingMinutes: number;
  retainer: typeof retainers.$inferSelect;
};

/**
 * Splits a period's entries, oldest first, into the included hours and the overage: the first
 * `included` billed minutes are covered, the rest is overage (an entry may straddle the line).
 */
export function splitOverage(
  entries: Array<{ id: string; userId: string; minutes: number }>,
  includedMinutes: number,
  roundingMinutes: number,
) {
  let left = includedMinutes;
  let logged = 0;
  const overageByUser = new Map<string, number>();
  const overageEntryIds: string[] = [];
  for (const entry of entries) {
    const billed = roundMinutes(entry.minutes, roundingMinutes);
    logged += billed;
    const covered = Math.min(left, billed);
    left -= covered;
    const over = billed - covered;
    if (over > 0) {
      overageByUser.set(entry.userId, (overageByUser.get(entry.userId) ?? 0) + over);
      overageEntryIds.push(entry.id);
    }
  }
  return {
    loggedMinutes: logged,
    overageMinutes: Math.max(logged - includedMinutes, 0),
    overageByUser,
    overageEntryIds,
  };
}

async function settlePeriod(
  db: Db,
  candidate: Candidate,
  period: { start: string; end: string; label: string },
  today: string,
) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, candidate.projectId))
      .for("update");
    const [done] = await tx
      .select({ periodStart: retainerOverages.periodStart })
      .from(retainerOverages)
      .where(
        and(
          eq(retainerOverages.projectId, candidate.projectId),
          eq(retainerOverages.periodStart, period.start),
        ),
      );
    if (done) return undefined;
    const [issued] = await tx
      .select({ status: retainerPeriods.status })
      .from(retainerPeriods)
      .where(
        and(
          eq(retainerPeriods.retainerId, candidate.retainer.id),
          eq(retainerPeriods.periodStart, period.start),
        ),
      );
    // A skipped (paused) period had no fee, so it included no hours.
    const included = issued?.status === "skipped" ? 0 : candidate.includedMinutes;
    const entries = await tx
      .select({
        id: timeEntries.id,
        userId: timeEntries.userId,
        userName: authUsers.name,
        minutes: timeEntries.minutes,
      })
      .from(timeEntries)
      .innerJoin(authUsers, eq(authUsers.id, timeEntries.userId))
      .where(
        and(
          eq(timeEntries.projectId, candidate.projectId),
          eq(timeEntries.isBillable, true),
          isNull(timeEntries.invoiceId),
          isNull(timeEntries.retainerPeriodStart),
          gte(timeEntries.entryDate, period.start),
          lte(timeEntries.entryDate, period.end),
        ),
      )
      .orderBy(
        asc(timeEntries.entryDate),
        sql`${timeEntries.startedAt} asc nulls last`,
        asc(timeEntries.createdAt),
        asc(timeEntries.id),
      )
      .for("update", { of: timeEntries });
    const split = splitOverage(entries, included, candidate.roundingMinutes);
    let invoiceId: string | null = null;
    let invoiceNumber: string | null = null;
    let notice: { subject: string; text: string } | undefined;
    const userIds = [...split.overageByUser.keys()];
    if (split.overageMinutes > 0) {
      const rates = await ratesOnProject(
        tx,
        { id: candidate.projectId, currency: candidate.currency },
        userIds,
      );
      const nameOf = (userId: string) =>
        entries.find((entry) => entry.userId === userId)?.userName ?? "";
      const unrated = userIds.filter((id) => rates.get(id)?.billingRate == null).map(nameOf);
      const items = userIds
        .sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
        .map((userId) => ({
          description: `Hours beyond the ${formatMinutes(included)} included in ${period.label}: ${nameOf(userId)}`,
          quantity: minutesToHundredths(split.overageByUser.get(userId) ?? 0),
          unitAmount: rates.get(userId)?.billingRate ?? 0,
          taxRateBp: 0,
        }));
      const invoice = await insertInvoice(tx, {
        actor: SCHEDULE_ACTOR,
        input: {
          clientId: candidate.clientId,
          projectId: candidate.projectId,
          currency: candidate.currency,
          issueDate: today,
          dueDate: addDays(today, TIME_INVOICE_TERMS_DAYS),
          discountKind: "none",
          discountValue: 0,
          notes: `${candidate.projectName}, ${period.label} (${period.start} to ${period.end}): ${formatMinutes(split.loggedMinutes)} hours logged, ${formatMinutes(included)} included in the retainer.${unrated.length ? ` No billing rate was set for ${unrated.join(", ")}: set one and change this line before sending.` : ""}`,
          items,
        },
      });
      invoiceId = invoice.id;
      invoiceNumber = invoice.number;
      if (split.overageEntryIds.length)
        await tx
          .update(timeEntries)
          .set({ invoiceId: invoice.id, updatedAt: new Date() })
          .where(inArray(timeEntries.id, split.overageEntryIds));
      log.info(
        `retainer overage of ${candidate.projectName} for ${period.label}: ${invoice.number}`,
      );
      const total = items.reduce((sum, item) => sum + lineAmount(item), 0);
      notice = {
        subject: `Overage of ${candidate.projectName} for ${period.label}: draft ${invoice.number}`,
        text: `${formatMinutes(split.overageMinutes)} hours beyond the ${formatMinutes(included)} included (${formatMoney(total, candidate.currency, "en")}). The draft waits for you under Invoices.`,
      };
    }
    if (entries.length)
      await tx
        .update(timeEntries)
        .set({ retainerPeriodStart: period.start, updatedAt: new Date() })
        .where(
          inArray(
            timeEntries.id,
            entries.map((entry) => entry.id),
          ),
        );
    await tx.insert(retainerOverages).values({
      projectId: candidate.projectId,
      periodStart: period.start,
      periodEnd: period.end,
      includedMinutes: included,
      loggedMinutes: split.loggedMinutes,
      overageMinutes: split.overageMinutes,
      invoiceId,
    });
    await auditTime(tx, SCHEDULE_ACTOR, "retainer-overage", candidate.projectId, {
      clientId: candidate.clientId,
      periodStart: period.start,
      loggedMinutes: split.loggedMinutes,
      overageMinutes: split.overageMinutes,
      invoiceNumber,
    });
    return { periodStart: period.start, overageMinutes: split.overageMinutes, invoiceId, notice };
  });
}

/** The job: every ended period of every retainer with included hours, settled once. */
export async function settleRetainerOverages({
  db,
  env,
  today = todayIso(),
  projectId,
}: {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL">;
  today?: string;
  projectId?: string;
}) {
  const candidates = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      clientId: projects.clientId,
      currency: projects.currency,
      includedMinutes: projectTimeSettings.retainerIncludedMinutes,
      includedFrom: projectTimeSettings.retainerIncludedFrom,
      roundingMinutes: projectTimeSettings.roundingMinutes,
      retainer: retainers,
    })
    .from(projectTimeSettings)
    .innerJoin(projects, eq(projects.id, projectTimeSettings.projectId))
    .innerJoin(retainers, eq(retainers.projectId, projects.id))
    .where(
      and(
        sql`${projectTimeSettings.retainerIncludedMinutes} > 0`,
        projectId ? eq(projects.id, projectId) : undefined,
      ),
    );
  const settled = [];
  for (const candidate of candidates) {
    const terms = candidate.retainer;
    for (let index = 0; index < MAX_PERIODS; index++) {
      const period = periodAt(terms, index);
      if (period.end >= today) break;
      if (terms.endDate && period.start > terms.endDate) break;
      if (period.end < (candidate.includedFrom ?? today)) continue;
      const result = await settlePeriod(
        db,
        {
          ...candidate,
          includedMinutes: candidate.includedMinutes ?? 0,
          includedFrom: candidate.includedFrom ?? today,
        },
        period,
        today,
      );
      if (!result) continue;
      const { notice, ...settledPeriod } = result;
      // Told after the commit: the draft exists by then.
      if (notice) await notifyStaff({ db, env }, notice);
      settled.push({ projectId: candidate.projectId, ...settledPeriod });
    }
  }
  return settled;
}
