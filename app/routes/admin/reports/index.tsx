import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { localeFrom } from "#server/business/locale.ts";
import { reportPeriodFrom, reportPresets } from "#server/time/period.ts";
import { isAdmin, timeViewerOf } from "#server/time/records.ts";
import { getHoursReport, getProfitability, getUtilisation } from "#server/time/reports.ts";
import { formatMoney } from "#shared/money.ts";
import { formatMinutes, type ReportGrouping, reportGroupings } from "#shared/time.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Reports | Command Center" }];

const groupingLabel: Record<ReportGrouping, string> = {
  person: "Person",
  project: "Project",
  client: "Client",
};

export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const viewer = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const { period, error } = reportPeriodFrom(args.url);
  const by = args.url.searchParams.get("by") ?? "person";
  const groupBy: ReportGrouping = (reportGroupings as readonly string[]).includes(by)
    ? (by as ReportGrouping)
    : "person";
  const admin = isAdmin(viewer);
  const [hours, utilisation, byProject, byClient] = await Promise.all([
    getHoursReport({ db, viewer, period, groupBy }),
    getUtilisation({ db, viewer, period }),
    admin ? getProfitability({ db, period, groupBy: "project" }) : Promise.resolve(null),
    admin ? getProfitability({ db, period, groupBy: "client" }) : Promise.resolve(null),
  ]);
  return {
    period,
    error,
    groupBy,
    hours,
    utilisation,
    byProject,
    byClient,
    presets: reportPresets(),
    locale: localeFrom(args.request),
  };
}

export default function ReportsScreen({ loaderData }: Route.ComponentProps) {
  const { period, error, groupBy, hours, utilisation, byProject, byClient, presets, locale } =
    loaderData;
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ from: period.from, to: period.to, ...extra }).toString();
  const max = Math.max(1, ...hours.map((row) => row.minutes));
  const total = hours.reduce((sum, row) => sum + row.minutes, 0);
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Reports"
        description={`Time from ${period.from} to ${period.to}, in the days of each person's time zone.`}
      />
      <Form method="get" className="card mb-8 flex flex-wrap items-end gap-3 text-sm">
        <div>
          <label htmlFor="report-from" className="field-label text-xs">
            From
          </label>
          <input
            id="report-from"
            type="date"
            name="from"
            defaultValue={period.from}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <div>
          <label htmlFor="report-to" className="field-label text-xs">
            To
          </label>
          <input
            id="report-to"
            type="date"
            name="to"
            defaultValue={period.to}
            className="field-input py-1.5 text-sm"
          />
        </div>
        <input type="hidden" name="by" value={groupBy} />
        <button type="submit" className="btn-secondary px-4 py-2">
          Show
        </button>
        <nav aria-label="Periods" className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Link
              key={preset.label}
              to={`?${new URLSearchParams({ from: preset.from, to: preset.to, by: groupBy })}`}
              className="rounded-full border border-white/10 px-3 py-1 text-mist-300 hover:text-white"
            >
              {preset.label}
            </Link>
          ))}
        </nav>
        {error ? (
          <p role="alert" className="field-error w-full">
            {error}
          </p>
        ) : null}
      </Form>

      <section aria-labelledby="hours-heading" className="mb-10">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 id="hours-heading" className="heading-md mr-auto">
            Hours by {groupingLabel[groupBy].toLowerCase()}
          </h2>
          <nav aria-label="Group hours by" className="flex gap-2 text-sm">
            {reportGroupings.map((grouping) => (
              <Link
                key={grouping}
                to={`?${query({ by: grouping })}`}
                aria-current={grouping === groupBy ? "page" : undefined}
                className={`rounded-full border px-3 py-1 ${grouping === groupBy ? "border-frontier-blue/60 bg-frontier-blue/15 text-white" : "border-white/10 text-mist-300"}`}
              >
                {groupingLabel[grouping]}
              </Link>
            ))}
          </nav>
          <a
            href={`/admin/reports/export?${query({ report: "hours", by: groupBy })}`}
            className="btn-secondary px-4 py-1.5 text-sm"
            download
          >
            Download CSV
          </a>
        </div>
        {hours.length ? (
          <figure>
            <div aria-hidden="true" className="mb-4 flex flex-col gap-1.5">
              {hours.slice(0, 15).map((row) => (
                <div key={row.key} className="flex items-center gap-3 text-xs">
                  <span className="w-48 truncate text-mist-300">{row.label}</span>
                  <span className="relative h-4 flex-1 rounded bg-white/5">
                    <span
                      className="absolute inset-y-0 left-0 rounded bg-frontier-blue/70"
                      style={{ width: `${(row.minutes / max) * 100}%` }}
                    />
                    <span
                      className="absolute inset-y-0 left-0 rounded bg-frontier-orange"
                      style={{ width: `${(row.billableMinutes / max) * 100}%` }}
                    />
                  </span>
                  <span className="w-16 text-right font-mono text-white tabular-nums">
                    {formatMinutes(row.minutes)}
                  </span>
                </div>
              ))}
              <p className="text-xs text-mist-400">
                <span className="mr-1 inline-block h-2 w-3 rounded bg-frontier-orange" /> billable
                <span className="mr-1 ml-3 inline-block h-2 w-3 rounded bg-frontier-blue/70" /> not
                billable
              </p>
            </div>
            <figcaption className="sr-only">The table below lists the same hours.</figcaption>
          </figure>
        ) : null}
        <table className="w-full text-sm" data-testid="hours-report">
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="py-2 font-medium">
                {groupingLabel[groupBy]}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Billable
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {hours.length ? (
              hours.map((row) => (
                <tr key={row.key} className="border-b border-white/5">
                  <td className="py-2">{row.label}</td>
                  <td className="py-2 text-right font-mono tabular-nums">
                    {formatMinutes(row.minutes)}
                  </td>
                  <td className="py-2 text-right font-mono tabular-nums">
                    {formatMinutes(row.billableMinutes)}
                  </td>
                  <td className="py-2 text-right">
                    {total ? `${Math.round((row.minutes / total) * 100)}%` : "–"}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4} className="py-4 text-center text-mist-400">
                  No time in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="utilisation-heading" className="mb-10">
        <h2 id="utilisation-heading" className="heading-md mb-3">
          Utilisation
        </h2>
        <p className="mb-2 text-sm text-mist-400">
          The billable share of each person's logged hours.
        </p>
        <table className="w-full text-sm" data-testid="utilisation">
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="py-2 font-medium">
                Person
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Logged
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Billable
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Utilisation
              </th>
            </tr>
          </thead>
          <tbody>
            {utilisation.map((row) => (
              <tr key={row.key} className="border-b border-white/5">
                <td className="py-2">{row.label}</td>
                <td className="py-2 text-right font-mono tabular-nums">
                  {formatMinutes(row.minutes)}
                </td>
                <td className="py-2 text-right font-mono tabular-nums">
                  {formatMinutes(row.billableMinutes)}
                </td>
                <td className="py-2 text-right">{row.billableShare}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {byProject && byClient ? (
        <>
          <ProfitTable
            title="Profitability by project"
            rows={byProject}
            locale={locale}
            exportHref={`/admin/reports/export?${query({ report: "profitability", by: "project" })}`}
            testId="profit-projects"
          />
          <ProfitTable
            title="Profitability by client"
            rows={byClient}
            locale={locale}
            exportHref={`/admin/reports/export?${query({ report: "profitability", by: "client" })}`}
            testId="profit-clients"
          />
        </>
      ) : null}
    </main>
  );
}

type ProfitRow = NonNullable<Route.ComponentProps["loaderData"]["byProject"]>[number];

function ProfitTable({
  title,
  rows,
  locale,
  exportHref,
  testId,
}: {
  title: string;
  rows: ProfitRow[];
  locale: string;
  exportHref: string;
  testId: string;
}) {
  const id = testId;
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-3 flex items-center gap-3">
        <h2 id={id} className="heading-md mr-auto">
          {title}
        </h2>
        <a href={exportHref} className="btn-secondary px-4 py-1.5 text-sm" download>
          Download CSV
        </a>
      </div>
      <p className="mb-2 text-sm text-mist-400">
        Invoiced (sent invoices of the period) minus the cost of the period's time at each person's
        cost rate, beside the accepted proposal's total. Each currency on its own.
      </p>
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-white/10 text-left text-mist-400">
            <th scope="col" className="py-2 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Proposal
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Invoiced
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Cost of time
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Margin
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Hours
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((row) => {
              const money = (amount: number) => formatMoney(amount, row.currency, locale);
              return (
                <tr key={`${row.key}-${row.currency}`} className="border-b border-white/5">
                  <td className="py-2">{row.label}</td>
                  <td className="py-2 text-right">
                    {row.proposalTotal === null ? "–" : money(row.proposalTotal)}
                  </td>
                  <td className="py-2 text-right">{money(row.invoiced)}</td>
                  <td className="py-2 text-right">
                    {money(row.cost)}
                    {row.uncostedMinutes ? (
                      <span className="block text-xs text-amber-200">
                        {formatMinutes(row.uncostedMinutes)} h without a cost rate
                      </span>
                    ) : null}
                  </td>
                  <td
                    className={`py-2 text-right font-semibold ${row.margin < 0 ? "text-red-300" : "text-emerald-300"}`}
                  >
                    {money(row.margin)}
                    {row.invoiced ? (
                      <span className="block text-xs font-normal text-mist-400">
                        {Math.round((row.margin / row.invoiced) * 100)}%
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right font-mono tabular-nums">
                    {formatMinutes(row.minutes)}
                  </td>
                </tr>
              );
            })
          ) : (
            <tr>
              <td colSpan={6} className="py-4 text-center text-mist-400">
                Nothing invoiced or logged in this period.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
