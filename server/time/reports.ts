// Reports (decision 428): hours by person, project or client over a period; utilisation (the
// billable share of each person's hours); profitability per project and client (invoiced
// minus the cost of time, beside the proposal's figure, admins only); and their CSV.
import { and, gte, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { csvField } from "#server/invoices/statement.ts";
import { moneyInputValue } from "#shared/money.ts";
import { formatHours, type ReportGrouping } from "#shared/time.ts";
import { type TimeViewer, visibleEntries } from "./records";

export { type ReportGrouping, reportGroupings } from "#shared/time.ts";

export type Period = { from: string; to: string };

const rowsOf = (result: { rows: unknown[] }) => result.rows as Array<Record<string, unknown>>;

/** Hours over a period grouped by person, project or client, most first (what the viewer may see). */
export async function getHoursReport({
  db,
  viewer,
  period,
  groupBy,
}: {
  db: Db;
  viewer: TimeViewer;
  period: Period;
  groupBy: ReportGrouping;
}) {
  const key = {
    person: sql`u.id`,
    project: sql`p.id`,
    client: sql`c.id`,
  }[groupBy];
  const label = {
    person: sql`u.name`,
    project: sql`p.name || ' (' || c.company || ')'`,
    client: sql`c.company`,
  }[groupBy];
  const result = await db.execute(sql`
    select ${key}::text as key, ${label} as label,
      sum(time_entries.minutes)::int as minutes,
      coalesce(sum(time_entries.minutes) filter (where time_entries.is_billable), 0)::int as billable
    from time_entries
    join auth_users u on u.id = time_entries.user_id
    join projects p on p.id = time_entries.project_id
    join clients c on c.id = p.client_id
    where ${and(visibleEntries(viewer), gte(timeEntries.entryDate, period.from), lte(timeEntries.entryDate, period.to))}
    group by 1, 2
    order by minutes desc, label asc`);
  return rowsOf(result).map((row) => ({
    key: String(row.key),
    label: String(row.label),
    minutes: Number(row.minutes),
    billableMinutes: Number(row.billable),
  }));
}

/** Each person's hours of a period and the billable share of them. */
export async function getUtilisation({
  db,
  viewer,
  period,
}: {
  db: Db;
  viewer: TimeViewer;
  period: Period;
}) {
  const rows = await getHoursReport({ db, viewer, period, groupBy: "person" });
  return rows.map((row) => ({
    ...row,
    billableShare: row.minutes ? Math.round((row.billableMinutes / row.minutes) * 1000) / 10 : 0,
  }));
}

export type ProfitRow = {
  key: string;
  label: string;
  currency: string;
  /** Issued invoices (not drafts, not void) of the period. */
  invoiced: number;
  /** Time of the period at each person's cost rate. */
  cost: number;
  margin: number;
  /** The accepted proposals' one-off totals (the figure the work was sold at). */
  proposalTotal: number | null;
  minutes: number;
  /** Minutes logged by people without a cost rate in the currency. */
  uncostedMinutes: number;
};

/**
 * Profitability per project or per client over a period, per currency (admins only: it shows
 * the cost rates' result). No exchange rates: each currency is reckoned on its own.
 */
export async function getProfitability({
  db,
  period,
  groupBy,
}: {
  db: Db;
  period: Period;
  groupBy: "project" | "client";
}): Promise<ProfitRow[]> {
  const result = await db.execute(sql`
    with project_cost as (
      select e.project_id,
        sum(e.minutes)::int as minutes,
        sum(round(e.minutes * coalesce(sr.cost_rate, 0) / 60.0))::bigint as cost,
        coalesce(sum(e.minutes) filter (where sr.cost_rate is null), 0)::int as uncosted
      from time_entries e
      join projects p on p.id = e.project_id
      left join staff_rates sr on sr.user_id = e.user_id and sr.currency = p.currency
      where e.entry_date >= ${period.from} and e.entry_date <= ${period.to}
      group by e.project_id
    ),
    project_invoiced as (
      select p.id as project_id, sum(i.total)::bigint as invoiced
      from projects p
      join invoices i on (i.project_id = p.id or (i.project_id is null and p.proposal_id is not null and i.proposal_id = p.proposal_id))
        and i.currency = p.currency
      where i.status not in ('draft', 'void') and i.issue_date >= ${period.from} and i.issue_date <= ${period.to}
      group by p.id
    ),
    per_project as (
      select p.id, p.name, p.client_id, c.company, p.currency,
        coalesce(pi.invoiced, 0) as invoiced, coalesce(pc.cost, 0) as cost,
        coalesce(pc.minutes, 0) as minutes, coalesce(pc.uncosted, 0) as uncosted,
        case when pr.status = 'accepted' then pr.total end as proposal_total
      from projects p
      join clients c on c.id = p.client_id
      left join project_cost pc on pc.project_id = p.id
      left join project_invoiced pi on pi.project_id = p.id
      left join proposals pr on pr.id = p.proposal_id
      where pc.project_id is not null or pi.project_id is not null
    )
    ${
      groupBy === "project"
        ? sql`select id::text as key, name || ' (' || company || ')' as label, currency,
            invoiced, cost, minutes, uncosted, proposal_total from per_project`
        : sql`select client_id::text as key, company as label, currency,
            sum(invoiced)::bigint as invoiced, sum(cost)::bigint as cost, sum(minutes)::int as minutes,
            sum(uncosted)::int as uncosted, sum(proposal_total)::bigint as proposal_total
          from per_project group by client_id, company, currency`
    }
    order by invoiced desc, label asc`);
  return rowsOf(result).map((row) => {
    const invoiced = Number(row.invoiced);
    const cost = Number(row.cost);
    return {
      key: String(row.key),
      label: String(row.label),
      currency: String(row.currency),
      invoiced,
      cost,
      margin: invoiced - cost,
      proposalTotal: row.proposal_total === null ? null : Number(row.proposal_total),
      minutes: Number(row.minutes),
      uncostedMinutes: Number(row.uncosted),
    };
  });
}

const csvLine = (cells: Array<string | number>) => `${cells.map(csvField).join(",")}\r\n`;

/** The hours report as CSV (hours as decimals). */
export function hoursCsv(
  rows: Awaited<ReturnType<typeof getHoursReport>>,
  groupBy: ReportGrouping,
  period: Period,
) {
  let csv = csvLine([groupBy, "from", "to", "hours", "billable hours", "billable share %"]);
  for (const row of rows)
    csv += csvLine([
      row.label,
      period.from,
      period.to,
      formatHours(row.minutes),
      formatHours(row.billableMinutes),
      row.minutes ? String(Math.round((row.billableMinutes / row.minutes) * 1000) / 10) : "0",
    ]);
  return csv;
}

/** Profitability as CSV (amounts as decimals of their currency). */
export function profitabilityCsv(rows: ProfitRow[], groupBy: "project" | "client", period: Period) {
  let csv = csvLine([
    groupBy,
    "from",
    "to",
    "currency",
    "invoiced",
    "cost of time",
    "margin",
    "proposal",
    "hours",
    "hours without a cost rate",
  ]);
  for (const row of rows)
    csv += csvLine([
      row.label,
      period.from,
      period.to,
      row.currency,
      moneyInputValue(row.invoiced, row.currency),
      moneyInputValue(row.cost, row.currency),
      moneyInputValue(row.margin, row.currency),
      row.proposalTotal === null ? "" : moneyInputValue(row.proposalTotal, row.currency),
      formatHours(row.minutes),
      formatHours(row.uncostedMinutes),
    ]);
  return csv;
}
