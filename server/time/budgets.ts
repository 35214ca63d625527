// A project's time settings and budget: hours and/or money (the project's budget, else its
// accepted proposal's total), the burn with a projected finish, and the staff mails at 80% and
// 100%, each sent once per budget (decision 425).
import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import { escapeHtml, staffRecipients } from "#server/business/notify.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { projectTimeSettings } from "#server/db/schema/time.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { sendMail } from "#server/mail/mailer.ts";
import { formatMoney } from "#shared/money.ts";
import { formatMinutes, isRoundingMinutes } from "#shared/time.ts";
import { listTimePeople } from "./profiles";
import { listProjectRates } from "./rates";
import { auditTime } from "./records";

/** The job that mails staff when a budget reaches a threshold. */
export const BUDGET_ALERT_JOB = "time.budget-alert";
/** Days of recent work the projected finish takes its pace from. */
export const PACE_DAYS = 28;

export type ProjectTimeSettings = {
  roundingMinutes: number;
  budgetMinutes: number | null;
  retainerIncludedMinutes: number | null;
  isShownInPortal: boolean;
};

export const defaultTimeSettings: ProjectTimeSettings = {
  roundingMinutes: 0,
  budgetMinutes: null,
  retainerIncludedMinutes: null,
  isShownInPortal: false,
};

export async function getProjectTimeSettings(
  db: Db | Tx,
  projectId: string,
): Promise<ProjectTimeSettings> {
  const [row] = await db
    .select()
    .from(projectTimeSettings)
    .where(eq(projectTimeSettings.projectId, projectId));
  return row
    ? {
        roundingMinutes: row.roundingMinutes,
        budgetMinutes: row.budgetMinutes,
        retainerIncludedMinutes: row.retainerIncludedMinutes,
        isShownInPortal: row.isShownInPortal,
      }
    : defaultTimeSettings;
}

/** Saves a project's time rules; a changed budget may alert again (a new budget is a new promise). */
export async function saveProjectTimeSettings({
  db,
  actor,
  projectId,
  input,
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  input: ProjectTimeSettings;
  today?: string;
}) {
  if (!isRoundingMinutes(input.roundingMinutes))
    throw new AppError("INVALID", "Choose a rounding rule.", {
      fieldErrors: { roundingMinutes: ["Choose a rounding rule."] },
    });
  for (const [field, value] of [
    ["budgetHours", input.budgetMinutes],
    ["includedHours", input.retainerIncludedMinutes],
  ] as const)
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > 1_000_000 * 60))
      throw new AppError("INVALID", "Enter hours above zero, such as 120, or leave it empty.", {
        fieldErrors: { [field]: ["Enter hours above zero, such as 120, or leave it empty."] },
      });
  await db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
    const [before] = await tx
      .select()
      .from(projectTimeSettings)
      .where(eq(projectTimeSettings.projectId, projectId));
    const isNewBudget = (before?.budgetMinutes ?? null) !== input.budgetMinutes;
    const values = {
      ...input,
      // Included hours count from the day they are first set: past periods are never billed by surprise.
      retainerIncludedFrom: input.retainerIncludedMinutes
        ? (before?.retainerIncludedFrom ?? today)
        : null,
      updatedAt: new Date(),
      ...(isNewBudget ? { alerted80At: null, alerted100At: null } : {}),
    };
    await tx
      .insert(projectTimeSettings)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: projectTimeSettings.projectId, set: values });
    await auditTime(tx, actor, "project-settings", projectId, {
      clientId: project.clientId,
      ...input,
    });
    await checkBudgetAlerts(tx, projectId, today);
  });
}

export type ProjectBurn = {
  projectId: string;
  name: string;
  currency: string;
  budgetMinutes: number | null;
  /** The money budget: the project's, else its proposal's total; null when neither is set. */
  budgetAmount: number | null;
  isBudgetFromProposal: boolean;
  spentMinutes: number;
  billableMinutes: number;
  /** Billable time's value at the billing rates, rounded as the project bills. */
  spentAmount: number;
  /** The larger share of either budget used, in percent; null without a budget. */
  percentUsed: number | null;
  remainingMinutes: number | null;
  remainingAmount: number | null;
  /** The day the first budget runs out at the last four weeks' pace; null without pace or budget. */
  projectedFinish: string | null;
  isShownInPortal: boolean;
  retainerIncludedMinutes: number | null;
  roundingMinutes: number;
};

const asNumber = (value: unknown) => Number(value ?? 0);

/** The burn of several projects in three queries (the dashboard's and the project page's). */
export async function getProjectBurns(
  db: Db | Tx,
  projectIds: string[],
  today: string,
): Promise<ProjectBurn[]> {
  if (!projectIds.length) return [];
  const recentFrom = addDays(today, -(PACE_DAYS - 1));
  const [rows, minuteRows, valueRows] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        currency: projects.currency,
        budgetAmount: projects.budgetAmount,
        proposalTotal: proposals.total,
        settings: projectTimeSettings,
      })
      .from(projects)
      .leftJoin(proposals, eq(proposals.id, projects.proposalId))
      .leftJoin(projectTimeSettings, eq(projectTimeSettings.projectId, projects.id))
      .where(inArray(projects.id, projectIds)),
    db.execute(sql`
      select project_id,
        sum(minutes)::int as spent,
        (sum(minutes) filter (where is_billable))::int as billable,
        (sum(minutes) filter (where entry_date >= ${recentFrom} and entry_date <= ${today}))::int as recent
      from time_entries
      where project_id in ${sql`(${sql.join(
        projectIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by project_id`),
    db.execute(sql`
      select e.project_id, coalesce(pr.billing_rate, sr.billing_rate, 0)::int as rate,
        sum(${roundedMinutesSql})::int as billed,
        (sum(${roundedMinutesSql}) filter (where e.entry_date >= ${recentFrom} and e.entry_date <= ${today}))::int as recent
      from time_entries e
      join projects p on p.id = e.project_id
      left join project_time_settings s on s.project_id = e.project_id
      left join project_rates pr on pr.project_id = e.project_id and pr.user_id = e.user_id
      left join staff_rates sr on sr.user_id = e.user_id and sr.currency = p.currency
      where e.is_billable and e.project_id in ${sql`(${sql.join(
        projectIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by e.project_id, e.user_id, pr.billing_rate, sr.billing_rate`),
  ]);
  const minutesBy = new Map(
    (minuteRows.rows as Record<string, unknown>[]).map((row) => [String(row.project_id), row]),
  );
  const valueBy = new Map<string, { spent: number; recent: number }>();
  for (const row of valueRows.rows as Record<string, unknown>[]) {
    const id = String(row.project_id);
    const current = valueBy.get(id) ?? { spent: 0, recent: 0 };
    const rate = asNumber(row.rate);
    current.spent += Math.round((asNumber(row.billed) * rate) / 60);
    current.recent += Math.round((asNumber(row.recent) * rate) / 60);
    valueBy.set(id, current);
  }
  return rows.map((row) => {
    const minutes = minutesBy.get(row.id);
    const spentMinutes = asNumber(minutes?.spent);
    const recentMinutes = asNumber(minutes?.recent);
    const value = valueBy.get(row.id) ?? { spent: 0, recent: 0 };
    const budgetMinutes = row.settings?.budgetMinutes ?? null;
    const budgetAmount = row.budgetAmount > 0 ? row.budgetAmount : row.proposalTotal || null;
    const shares: number[] = [];
    const finishes: string[] = [];
    if (budgetMinutes) {
      shares.push((spentMinutes / budgetMinutes) * 100);
      const finish = projectFinish(budgetMinutes - spentMinutes, recentMinutes, today);
      if (finish) finishes.push(finish);
    }
    if (budgetAmount) {
      shares.push((value.spent / budgetAmount) * 100);
      const finish = projectFinish(budgetAmount - value.spent, value.recent, today);
      if (finish) finishes.push(finish);
    }
    return {
      projectId: row.id,
      name: row.name,
      currency: row.currency,
      budgetMinutes,
      budgetAmount,
      isBudgetFromProposal: !(row.budgetAmount > 0) && Boolean(budgetAmount),
      spentMinutes,
      billableMinutes: asNumber(minutes?.billable),
      spentAmount: value.spent,
      percentUsed: shares.length ? Math.round(Math.max(...shares) * 10) / 10 : null,
      remainingMinutes: budgetMinutes === null ? null : budgetMinutes - spentMinutes,
      remainingAmount: budgetAmount === null ? null : budgetAmount - value.spent,
      projectedFinish: finishes.sort()[0] ?? null,
      isShownInPortal: row.settings?.isShownInPortal ?? false,
      retainerIncludedMinutes: row.settings?.retainerIncludedMinutes ?? null,
      roundingMinutes: row.settings?.roundingMinutes ?? 0,
    };
  });
}

/** Each entry's minutes rounded up to its project's step (billing's rule) in SQL. */
const roundedMinutesSql = sql`case when coalesce(s.rounding_minutes, 0) > 0
  then ceil(e.minutes::numeric / s.rounding_minutes) * s.rounding_minutes else e.minutes end`;

/** The day `remaining` runs out at the pace of `recent` per PACE_DAYS; today when already out. */
export function projectFinish(remaining: number, recent: number, today: string) {
  if (remaining <= 0) return today;
  if (recent <= 0) return null;
  return addDays(today, Math.ceil(remaining / (recent / PACE_DAYS)));
}

export async function getProjectBurn(db: Db | Tx, projectId: string, today: string) {
  const [burn] = await getProjectBurns(db, [projectId], today);
  return burn;
}

/**
 * After time changes on a project: claims the 80% and 100% alerts that are due and not yet
 * sent, inside the change's transaction, and queues their mail. The claim (`... is null`) is
 * one row update, so two changes at once claim each alert once.
 */
export async function checkBudgetAlerts(tx: Tx, projectId: string, today = todayIso()) {
  const burn = await getProjectBurn(tx, projectId, today);
  if (!burn || burn.percentUsed === null || burn.percentUsed < 80) return;
  await tx
    .insert(projectTimeSettings)
    .values({ projectId })
    .onConflictDoNothing({ target: projectTimeSettings.projectId });
  const threshold = burn.percentUsed >= 100 ? 100 : 80;
  const claimed = await tx
    .update(projectTimeSettings)
    .set(
      threshold === 100
        ? {
            alerted100At: new Date(),
            alerted80At: sql`coalesce(${projectTimeSettings.alerted80At}, now())`,
          }
        : { alerted80At: new Date() },
    )
    .where(
      sql`${projectTimeSettings.projectId} = ${projectId} and ${
        threshold === 100
          ? isNull(projectTimeSettings.alerted100At)
          : isNull(projectTimeSettings.alerted80At)
      }`,
    )
    .returning({ projectId: projectTimeSettings.projectId });
  if (!claimed.length) return;
  await enqueueJob(tx, {
    kind: BUDGET_ALERT_JOB,
    payload: { projectId, threshold },
  });
}

/** The job: one mail per recipient (staff, and everyone who logged time on the project). */
export async function sendBudgetAlert({
  db,
  env,
  projectId,
  threshold,
  today = todayIso(),
}: {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "STAFF_EMAIL" | "PUBLIC_URL">;
  projectId: string;
  threshold: number;
  today?: string;
}) {
  const burn = await getProjectBurn(db, projectId, today);
  if (!burn) return;
  const loggers = await db.execute(sql`
    select distinct u.email from time_entries e join auth_users u on u.id = e.user_id
    where e.project_id = ${projectId} and not u.banned`);
  const recipients = [
    ...new Set([
      ...(await staffRecipients(db, env)),
      ...(loggers.rows as Array<{ email: string }>).map((row) => row.email),
    ]),
  ];
  const used = [
    burn.budgetMinutes
      ? `${formatMinutes(burn.spentMinutes)} of ${formatMinutes(burn.budgetMinutes)} hours`
      : "",
    burn.budgetAmount
      ? `${formatMoney(burn.spentAmount, burn.currency, "en")} of ${formatMoney(burn.budgetAmount, burn.currency, "en")}`
      : "",
  ]
    .filter(Boolean)
    .join(" and ");
  const subject =
    threshold >= 100
      ? `${burn.name} has used its whole budget`
      : `${burn.name} has used ${threshold}% of its budget`;
  const link = `${env.PUBLIC_URL}/admin/projects/edit/${projectId}`;
  const finish = burn.projectedFinish
    ? ` At the current pace it runs out on ${burn.projectedFinish}.`
    : "";
  const text = `${subject}: ${used} (${burn.percentUsed}%).${threshold < 100 ? finish : ""}\n\n${link}\n`;
  for (const to of recipients) {
    try {
      await sendMail(
        { db, env },
        {
          to,
          subject,
          text,
          html: `<p>${escapeHtml(subject)}: ${escapeHtml(used)} (${burn.percentUsed}%).${escapeHtml(threshold < 100 ? finish : "")}</p><p><a href="${escapeHtml(link)}">Open the project</a></p>`,
        },
      );
    } catch (error) {
      log.warn(`budget mail to ${to} failed`, error);
    }
  }
}

/** The project page's time panel: burn, settings, rate overrides, and who may have one. */
export async function getProjectTimePanel({
  db,
  projectId,
  today,
}: {
  db: Db;
  projectId: string;
  today: string;
}) {
  const [burn, settings, overrides, people] = await Promise.all([
    getProjectBurn(db, projectId, today),
    getProjectTimeSettings(db, projectId),
    listProjectRates(db, projectId),
    listTimePeople(db),
  ]);
  if (!burn) return null;
  return { burn, settings, overrides, people: people.map(({ id, name }) => ({ id, name })) };
}
