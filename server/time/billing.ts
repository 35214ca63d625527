// Invoices from hours (decision 426): a project's unbilled billable entries of a period become
// one draft invoice, lines grouped by person, milestone or day, each entry rounded up as the
// project bills; the entries are marked billed in the same transaction, under the project's
// row lock, so two invoices made at once never bill an entry twice.
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays } from "#server/business/dates.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { retainers } from "#server/db/schema/retainers.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { insertInvoice } from "#server/invoices/editing.ts";
import { formatMoney, lineAmount } from "#shared/money.ts";
import {
  dayLabel,
  type InvoiceFromTimeInput,
  type InvoiceGrouping,
  minutesToHundredths,
  roundMinutes,
} from "#shared/time.ts";
import { getProjectTimeSettings } from "./budgets";
import { ratesOnProject } from "./rates";
import { actorOf, auditTime, type TimeViewer } from "./records";

/** Days from issue to due on an invoice made from hours (a draft: staff may change it). */
export const TIME_INVOICE_TERMS_DAYS = 14;

export type BillableEntry = {
  id: string;
  userId: string;
  userName: string;
  milestoneId: string | null;
  milestoneTitle: string | null;
  entryDate: string;
  minutes: number;
};

export type TimeLine = {
  description: string;
  minutes: number;
  quantity: number;
  unitAmount: number;
  amount: number;
};

/**
 * Lines from entries: each entry rounded up to the project's step, then summed per group and
 * rate; a line's hours are shown to two decimals and its amount follows them.
 */
export function buildTimeLines(
  entries: BillableEntry[],
  {
    groupBy,
    roundingMinutes,
    rateOf,
    currency,
  }: {
    groupBy: InvoiceGrouping;
    roundingMinutes: number;
    rateOf: (userId: string) => number;
    currency: string;
  },
): TimeLine[] {
  const groups = new Map<
    string,
    { label: string; sortKey: string; rate: number; minutes: number }
  >();
  for (const entry of entries) {
    const rate = rateOf(entry.userId);
    const [key, label] =
      groupBy === "person"
        ? [entry.userId, entry.userName]
        : groupBy === "milestone"
          ? [entry.milestoneId ?? "", entry.milestoneTitle ?? "Other work"]
          : [entry.entryDate, `${dayLabel(entry.entryDate)} ${entry.entryDate.slice(0, 4)}`];
    const id = `${key}|${rate}`;
    const group = groups.get(id) ?? {
      label,
      sortKey: groupBy === "day" ? entry.entryDate : `${label}|${key}`,
      rate,
      minutes: 0,
    };
    group.minutes += roundMinutes(entry.minutes, roundingMinutes);
    groups.set(id, group);
  }
  const labelCount = new Map<string, number>();
  for (const group of groups.values())
    labelCount.set(group.label, (labelCount.get(group.label) ?? 0) + 1);
  return [...groups.values()]
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.rate - b.rate)
    .map((group) => {
      const quantity = minutesToHundredths(group.minutes);
      const atRate =
        (labelCount.get(group.label) ?? 0) > 1
          ? ` at ${formatMoney(group.rate, currency, "en")}/h`
          : "";
      return {
        description: `${group.label}${atRate}`,
        minutes: group.minutes,
        quantity,
        unitAmount: group.rate,
        amount: lineAmount({ quantity, unitAmount: group.rate }),
      };
    });
}

async function loadProject(tx: Tx | Db, projectId: string, lock: boolean) {
  const query = tx
    .select({
      id: projects.id,
      name: projects.name,
      clientId: projects.clientId,
      currency: projects.currency,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [project] = lock ? await query.for("update") : await query;
  if (!project)
    throw new AppError("INVALID", "Choose a project that exists.", {
      fieldErrors: { projectId: ["Choose a project that exists."] },
    });
  return project;
}

/** Refuses a project whose retainer includes hours: its period's job bills them (decision 426). */
async function checkNotRetainerHours(tx: Tx | Db, projectId: string) {
  const settings = await getProjectTimeSettings(tx, projectId);
  if (!settings.retainerIncludedMinutes) return;
  const [retainer] = await tx
    .select({ id: retainers.id })
    .from(retainers)
    .where(eq(retainers.projectId, projectId));
  if (retainer)
    throw new AppError(
      "CONFLICT",
      "This project's retainer includes hours: its time is billed at the end of each retainer period, beyond the included hours.",
    );
}

async function unbilledEntries(tx: Tx | Db, input: InvoiceFromTimeInput, lock: boolean) {
  const query = tx
    .select({
      id: timeEntries.id,
      userId: timeEntries.userId,
      userName: authUsers.name,
      milestoneId: timeEntries.milestoneId,
      milestoneTitle: projectMilestones.title,
      entryDate: timeEntries.entryDate,
      minutes: timeEntries.minutes,
    })
    .from(timeEntries)
    .innerJoin(authUsers, eq(authUsers.id, timeEntries.userId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, timeEntries.milestoneId))
    .where(
      and(
        eq(timeEntries.projectId, input.projectId),
        eq(timeEntries.isBillable, true),
        isNull(timeEntries.invoiceId),
        isNull(timeEntries.retainerPeriodStart),
        gte(timeEntries.entryDate, input.from),
        lte(timeEntries.entryDate, input.to),
      ),
    )
    .orderBy(asc(timeEntries.entryDate), asc(timeEntries.createdAt), asc(timeEntries.id));
  return lock ? query.for("update", { of: timeEntries }) : query;
}

async function draftOf(tx: Tx | Db, input: InvoiceFromTimeInput, lock: boolean) {
  const project = await loadProject(tx, input.projectId, lock);
  await checkNotRetainerHours(tx, project.id);
  const [entries, settings] = await Promise.all([
    unbilledEntries(tx, input, lock),
    getProjectTimeSettings(tx, project.id),
  ]);
  const userIds = [...new Set(entries.map((entry) => entry.userId))];
  const rates = await ratesOnProject(tx, project, userIds);
  const missingRates = userIds
    .filter((id) => rates.get(id)?.billingRate == null)
    .map((id) => entries.find((entry) => entry.userId === id)?.userName ?? id);
  const lines = buildTimeLines(entries, {
    groupBy: input.groupBy,
    roundingMinutes: settings.roundingMinutes,
    rateOf: (userId) => rates.get(userId)?.billingRate ?? 0,
    currency: project.currency,
  });
  return {
    project,
    entries,
    lines,
    missingRates,
    roundingMinutes: settings.roundingMinutes,
    loggedMinutes: entries.reduce((sum, entry) => sum + entry.minutes, 0),
    billedMinutes: lines.reduce((sum, line) => sum + line.minutes, 0),
    total: lines.reduce((sum, line) => sum + line.amount, 0),
  };
}

/** What the invoice would hold, without writing anything (the form's preview). */
export async function previewTimeInvoice({ db, input }: { db: Db; input: InvoiceFromTimeInput }) {
  const draft = await draftOf(db, input, false);
  return {
    project: draft.project,
    entryCount: draft.entries.length,
    lines: draft.lines,
    missingRates: draft.missingRates,
    roundingMinutes: draft.roundingMinutes,
    loggedMinutes: draft.loggedMinutes,
    billedMinutes: draft.billedMinutes,
    total: draft.total,
  };
}

/** Makes the draft invoice and marks its entries billed, in one transaction. */
export async function createInvoiceFromTime({
  db,
  viewer,
  input,
  today,
}: {
  db: Db;
  viewer: TimeViewer;
  input: InvoiceFromTimeInput;
  today: string;
}) {
  return db.transaction(async (tx) => {
    const draft = await draftOf(tx, input, true);
    if (!draft.entries.length)
      throw new AppError(
        "CONFLICT",
        `${draft.project.name} has no unbilled billable time from ${input.from} to ${input.to}.`,
      );
    if (draft.missingRates.length)
      throw new AppError(
        "INVALID",
        `Set a billing rate in ${draft.project.currency} for ${draft.missingRates.join(", ")} (Time → Rates, or on the project) first.`,
      );
    const actor = actorOf(viewer);
    const invoice = await insertInvoice(tx, {
      actor,
      input: {
        clientId: draft.project.clientId,
        projectId: draft.project.id,
        currency: draft.project.currency,
        issueDate: today,
        dueDate: addDays(today, TIME_INVOICE_TERMS_DAYS),
        discountKind: "none",
        discountValue: 0,
        notes: `Time on ${draft.project.name} from ${input.from} to ${input.to}.`,
        items: draft.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitAmount: line.unitAmount,
          taxRateBp: 0,
        })),
      },
    });
    const ids = draft.entries.map((entry) => entry.id);
    const marked = await tx
      .update(timeEntries)
      .set({ invoiceId: invoice.id, updatedAt: new Date() })
      .where(and(inArray(timeEntries.id, ids), isNull(timeEntries.invoiceId)))
      .returning({ id: timeEntries.id });
    // The row locks above make this hold; a mismatch would mean double billing, so it undoes all.
    if (marked.length !== ids.length)
      throw new AppError("CONFLICT", "Some of this time was billed meanwhile: try again.");
    await auditTime(tx, actor, "bill", invoice.id, {
      projectId: draft.project.id,
      clientId: draft.project.clientId,
      entries: ids.length,
      minutes: draft.billedMinutes,
      from: input.from,
      to: input.to,
    });
    return { invoice, entryCount: ids.length };
  });
}

/** Billable time not yet billed, valued at the billing rates (the dashboard's figure), per currency. */
export async function getUnbilledValue({ db }: { db: Db }) {
  const result = await db.execute(sql`
    select p.currency, sum(e.minutes)::int as minutes,
      sum(round(case when coalesce(s.rounding_minutes, 0) > 0
        then ceil(e.minutes::numeric / s.rounding_minutes) * s.rounding_minutes else e.minutes end
        * coalesce(pr.billing_rate, sr.billing_rate, 0) / 60.0))::bigint as amount,
      count(*) filter (where coalesce(pr.billing_rate, sr.billing_rate) is null)::int as unrated
    from time_entries e
    join projects p on p.id = e.project_id
    left join project_time_settings s on s.project_id = e.project_id
    left join project_rates pr on pr.project_id = e.project_id and pr.user_id = e.user_id
    left join staff_rates sr on sr.user_id = e.user_id and sr.currency = p.currency
    where e.is_billable and e.invoice_id is null and e.retainer_period_start is null
      and not (coalesce(s.retainer_included_minutes, 0) > 0
        and exists (select 1 from retainers r where r.project_id = e.project_id))
    group by p.currency
    order by amount desc`);
  return (result.rows as Array<Record<string, unknown>>).map((row) => ({
    currency: String(row.currency),
    minutes: Number(row.minutes),
    amount: Number(row.amount),
    unratedEntries: Number(row.unrated),
  }));
}
