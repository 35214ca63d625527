// What a client sees of the time on a project that opts in (decision 428): the billable hours
// used against the hours budget, or in the current retainer period against its included hours.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { retainers } from "#server/db/schema/retainers.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { periodAt } from "#server/retainers/periods.ts";
import { getProjectTimeSettings } from "./budgets";

const MAX_PERIODS = 1200;

/** Billable minutes of a project, each rounded as the project bills, between two days. */
async function billedMinutes(db: Db, projectId: string, step: number, from?: string, to?: string) {
  const rounded =
    step > 0
      ? sql`ceil(${timeEntries.minutes}::numeric / ${step}) * ${step}`
      : sql`${timeEntries.minutes}`;
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${rounded}), 0)::int` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.projectId, projectId),
        eq(timeEntries.isBillable, true),
        from ? gte(timeEntries.entryDate, from) : undefined,
        to ? lte(timeEntries.entryDate, to) : undefined,
      ),
    );
  return Number(row?.minutes ?? 0);
}

/**
 * The portal's hours for a project the caller has already checked belongs to the client;
 * null unless staff chose to show them.
 */
export async function getPortalHours({
  db,
  projectId,
  today = todayIso(),
}: {
  db: Db;
  projectId: string;
  today?: string;
}) {
  const settings = await getProjectTimeSettings(db, projectId);
  if (!settings.isShownInPortal) return null;
  const [retainer] = await db.select().from(retainers).where(eq(retainers.projectId, projectId));
  if (retainer && settings.retainerIncludedMinutes) {
    for (let index = 0; index < MAX_PERIODS; index++) {
      const period = periodAt(retainer, index);
      if (period.start > today) break;
      if (period.end < today) continue;
      return {
        kind: "retainer" as const,
        usedMinutes: await billedMinutes(
          db,
          projectId,
          settings.roundingMinutes,
          period.start,
          period.end,
        ),
        limitMinutes: settings.retainerIncludedMinutes,
        periodLabel: period.label,
      };
    }
  }
  return {
    kind: "budget" as const,
    usedMinutes: await billedMinutes(db, projectId, settings.roundingMinutes),
    limitMinutes: settings.budgetMinutes,
    periodLabel: null,
  };
}
