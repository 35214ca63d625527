import { and, asc, count, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { addDays, todayIso } from "#server/business/dates.ts";
import { cheapCount } from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { invoices, paymentMonths } from "#server/db/schema/invoices.ts";
import { leads } from "#server/db/schema/leads.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";

export type CurrencyAmount = { currency: string; amount: number; count: number };

/** New subscribers past this many are shown as the planner's estimate ("about 7,300"). */
export const RECENT_SUBSCRIBERS_EXACT_UP_TO = 1_000;

/** The twelve months ending with today's, as YYYY-MM. */
export function lastTwelveMonths(today: string) {
  const [year, month] = today.split("-").map(Number);
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (11 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The figures of the command-center dashboard. Windows: 12 months of revenue, 90 days of proposals, 30 days of leads and subscribers. */
export async function getDashboardFigures({ db, today = todayIso() }: { db: Db; today?: string }) {
  const months = lastTwelveMonths(today);
  const proposalsSince = new Date(`${addDays(today, -90)}T00:00:00Z`);
  const recentSince = new Date(`${addDays(today, -30)}T00:00:00Z`);
  const weekEnd = addDays(today, 6);
  // Sums of minor units pass 2^31 at an agency's scale: float8 holds them exactly to 2^53.
  const balance = sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}), 0)::float8`;

  const [
    outstanding,
    overdue,
    revenueRows,
    proposalRows,
    openProposals,
    activeProjects,
    dueMilestones,
    leadCounts,
    confirmedSubscribers,
    recentSubscribers,
  ] = await Promise.all([
    db
      .select({ currency: invoices.currency, amount: balance, count: count() })
      .from(invoices)
      .where(inArray(invoices.status, ["sent", "partially_paid", "overdue"]))
      .groupBy(invoices.currency),
    db
      .select({ currency: invoices.currency, amount: balance, count: count() })
      .from(invoices)
      .where(eq(invoices.status, "overdue"))
      .groupBy(invoices.currency),
    // Twelve rows a currency from the monthly rollup the payments' triggers keep (decision 800).
    db
      .select({
        month: sql<string>`to_char(${paymentMonths.month}, 'YYYY-MM')`,
        currency: paymentMonths.currency,
        amount: sql<number>`${paymentMonths.amount}::float8`,
      })
      .from(paymentMonths)
      .where(gte(paymentMonths.month, `${months[0]}-01`)),
    // The last 90 days' proposals through the index on when they were sent, and the open ones
    // through the status index: never every proposal ever sent.
    db
      .select({
        sent: sql<number>`count(*)::int`,
        accepted: sql<number>`count(*) filter (where ${proposals.status} = 'accepted')::int`,
        declined: sql<number>`count(*) filter (where ${proposals.status} = 'declined')::int`,
      })
      .from(proposals)
      .where(gte(proposals.sentAt, proposalsSince)),
    db
      .select({ open: count() })
      .from(proposals)
      .where(inArray(proposals.status, ["sent", "viewed"])),
    db.select({ total: count() }).from(projects).where(eq(projects.status, "active")),
    db
      .select({
        id: projectMilestones.id,
        title: projectMilestones.title,
        dueDate: projectMilestones.dueDate,
        projectId: projects.id,
        projectName: projects.name,
        company: clients.company,
      })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(
        and(
          eq(projectMilestones.isDone, false),
          inArray(projects.status, ["onboarding", "active"]),
          lte(projectMilestones.dueDate, weekEnd),
        ),
      )
      .orderBy(asc(projectMilestones.dueDate))
      .limit(20),
    db
      .select({
        open: sql<number>`count(*) filter (where ${leads.status} = 'new')::int`,
        recent: sql<number>`count(*) filter (where ${leads.createdAt} >= ${recentSince})::int`,
      })
      .from(leads),
    // A million subscribers are not counted on every visit (decision 747): the confirmed ones
    // exactly up to 10,000, then the planner's estimate; the recent ones through the index on
    // the sign-up time, which reads only the last 30 days.
    cheapCount(
      db,
      db.select({ one: sql`1` }).from(subscribers).where(eq(subscribers.status, "confirmed")),
    ),
    // Exactly up to a thousand, then the planner's estimate from the sign-up times' histogram:
    // counting them read a row each (7,220 at ten times: 20 ms), decision 800.
    cheapCount(
      db,
      db
        .select({ one: sql`1` })
        .from(subscribers)
        .where(
          and(gte(subscribers.createdAt, recentSince), ne(subscribers.status, "unsubscribed")),
        ),
      undefined,
      RECENT_SUBSCRIBERS_EXACT_UP_TO,
    ),
  ]);

  // Revenue is charted in the currency that earned the most; others are listed beside it.
  const byCurrency = new Map<string, number>();
  for (const row of revenueRows)
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.amount);
  const revenueCurrencies = [...byCurrency.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([currency]) => currency);
  const revenue = revenueCurrencies.map((currency) => ({
    currency,
    months: months.map((month) => ({
      month,
      amount: revenueRows
        .filter((row) => row.currency === currency && row.month === month)
        .reduce((sum, row) => sum + row.amount, 0),
    })),
  }));
  const proposalFigures = {
    ...(proposalRows[0] ?? { sent: 0, accepted: 0, declined: 0 }),
    open: openProposals[0]?.open ?? 0,
  };
  return {
    today,
    outstanding: outstanding as CurrencyAmount[],
    overdue: overdue as CurrencyAmount[],
    revenue,
    proposals: {
      ...proposalFigures,
      winRate: proposalFigures.sent ? proposalFigures.accepted / proposalFigures.sent : null,
    },
    activeProjects: activeProjects[0]?.total ?? 0,
    milestonesDue: dueMilestones,
    leads: leadCounts[0] ?? { open: 0, recent: 0 },
    subscribers: {
      confirmed: confirmedSubscribers.total,
      confirmedIsEstimate: confirmedSubscribers.isEstimate,
      recent: recentSubscribers.total,
      recentIsEstimate: recentSubscribers.isEstimate,
    },
  };
}

export type DashboardFigures = Awaited<ReturnType<typeof getDashboardFigures>>;
