import { Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { formatDate } from "#app/components/business/fields.tsx";
import { RevenueChart } from "#app/components/business/revenue-chart.tsx";
import { TimeDashboard } from "#app/components/business/time-dashboard.tsx";
import { getStaffAccess } from "#server/auth/guard.ts";
import { localeFrom } from "#server/business/locale.ts";
import { type DashboardFigures, getDashboardFigures } from "#server/dashboard/dashboard.ts";
import { getTimeDashboard } from "#server/time/dashboard.ts";
import { countedText, listCountText } from "#shared/list-count.ts";
import { formatMoney } from "#shared/money.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Command Center" }];

// The admin index is where role none lands: it says so and loads no data.
export async function loader(args: Route.LoaderArgs) {
  const { user, hasAccess } = await getStaffAccess(args);
  if (!hasAccess) return { hasAccess: false as const, name: user.name };
  const [figures, time] = await Promise.all([
    getDashboardFigures({ db: args.context.db }),
    getTimeDashboard({ db: args.context.db }),
  ]);
  return {
    hasAccess: true as const,
    name: user.name,
    role: user.role,
    figures,
    time,
    locale: localeFrom(args.request),
  };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hasAccess) {
    return (
      <main id="main" className="p-6 sm:p-10">
        <PageHeader title="No access" />
        <div className="card max-w-xl" data-no-access>
          <p className="text-mist-100">
            You are signed in, but your account has no access to the command center yet.
          </p>
          <p className="mt-2 text-mist-300">
            Ask an admin of your team to give you the admin or client manager role.
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader title="Dashboard" description={`Welcome back, ${loaderData.name}.`} />
      <BusinessDashboard
        figures={loaderData.figures}
        locale={loaderData.locale}
        isAdmin={loaderData.role === "admin"}
      />
      <div className="mt-8">
        <TimeDashboard {...loaderData.time} locale={loaderData.locale} />
      </div>
    </main>
  );
}

function Figure({
  label,
  value,
  to,
  name,
  raw,
  hint,
}: {
  label: string;
  value: string;
  to?: string;
  name: string;
  raw: number;
  hint?: string;
}) {
  const body = (
    <>
      <span className="text-sm text-mist-400">{label}</span>
      <span
        className="font-display text-2xl font-bold text-white"
        data-figure={name}
        data-value={raw}
      >
        {value}
      </span>
      {hint ? <span className="text-xs text-mist-400">{hint}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="card flex flex-col gap-1 transition hover:border-frontier-blue/60">
      {body}
    </Link>
  ) : (
    <div className="card flex flex-col gap-1">{body}</div>
  );
}

function amounts(rows: Array<{ currency: string; amount: number }>, locale: string) {
  if (!rows.length) return formatMoney(0, "USD", locale);
  return rows.map((row) => formatMoney(row.amount, row.currency, locale)).join(" · ");
}

function BusinessDashboard({
  figures,
  locale,
  isAdmin,
}: {
  figures: DashboardFigures;
  locale: string;
  isAdmin: boolean;
}) {
  const { proposals } = figures;
  const chart = figures.revenue[0];
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="receivables" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 id="receivables" className="sr-only">
          Receivables and pipeline
        </h2>
        <Figure
          label="Outstanding receivables"
          name="outstanding"
          raw={figures.outstanding.reduce((sum, row) => sum + row.amount, 0)}
          value={amounts(figures.outstanding, locale)}
          hint={countedText(
            figures.outstanding.reduce((sum, row) => sum + row.count, 0),
            "open invoice",
          )}
          to="/admin/invoices?status=outstanding"
        />
        <Figure
          label="Overdue"
          name="overdue"
          raw={figures.overdue.reduce((sum, row) => sum + row.amount, 0)}
          value={amounts(figures.overdue, locale)}
          hint={countedText(
            figures.overdue.reduce((sum, row) => sum + row.count, 0),
            "invoice past due",
            "invoices past due",
          )}
          to="/admin/invoices?status=overdue"
        />
        <Figure
          label="Proposals sent (90 days)"
          name="proposals-sent"
          raw={proposals.sent}
          value={String(proposals.sent)}
          hint={`${proposals.open} awaiting an answer`}
          to="/admin/proposals?status=sent"
        />
        <Figure
          label="Accepted · win rate"
          name="proposals-accepted"
          raw={proposals.accepted}
          value={`${proposals.accepted} · ${proposals.winRate === null ? "—" : `${Math.round(proposals.winRate * 100)}%`}`}
          hint="Of those sent in the last 90 days"
          to="/admin/proposals?status=accepted"
        />
        <Figure
          label="Active projects"
          name="active-projects"
          raw={figures.activeProjects}
          value={String(figures.activeProjects)}
          to="/admin/projects?status=active"
        />
        <Figure
          label="New leads"
          name="new-leads"
          raw={figures.leads.open}
          value={String(figures.leads.open)}
          hint={`${figures.leads.recent} in the last 30 days`}
          to="/admin/clients?tab=leads"
        />
        <Figure
          label="Subscribers"
          name="subscribers"
          raw={figures.subscribers.confirmed}
          value={listCountText(
            figures.subscribers.confirmed,
            figures.subscribers.confirmedIsEstimate,
          )}
          hint={`${listCountText(figures.subscribers.recent, figures.subscribers.recentIsEstimate)} new in the last 30 days`}
          to={isAdmin ? "/admin/subscribers" : undefined}
        />
      </section>
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="revenue" className="card">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="revenue" className="heading-md">
              Revenue, last 12 months
            </h2>
            <Link to="/admin/invoices?status=paid" className="text-sm text-frontier-blue underline">
              Paid invoices
            </Link>
          </div>
          {chart ? (
            <>
              <RevenueChart currency={chart.currency} months={chart.months} locale={locale} />
              {figures.revenue.map((row) => (
                <span
                  key={row.currency}
                  hidden
                  data-figure={`revenue-this-month-${row.currency}`}
                  data-value={row.months[row.months.length - 1].amount}
                />
              ))}
              {figures.revenue.length > 1 ? (
                <p className="mt-3 text-sm text-mist-400">
                  Also received:{" "}
                  {figures.revenue
                    .slice(1)
                    .map((row) =>
                      formatMoney(
                        row.months.reduce((sum, item) => sum + item.amount, 0),
                        row.currency,
                        locale,
                      ),
                    )
                    .join(" · ")}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-mist-300">No payments recorded in the last twelve months.</p>
          )}
        </section>
        <section aria-labelledby="milestones" className="card">
          <h2 id="milestones" className="heading-md mb-4">
            Milestones due this week
          </h2>
          {figures.milestonesDue.length ? (
            <ul className="divide-y divide-white/5 text-sm">
              {figures.milestonesDue.map((milestone) => (
                <li key={milestone.id} className="flex justify-between gap-3 py-2">
                  <Link
                    to={`/admin/projects/edit/${milestone.projectId}`}
                    className="hover:underline"
                  >
                    <span className="font-semibold text-white">{milestone.title}</span>
                    <span className="block text-mist-400">
                      {milestone.projectName} · {milestone.company}
                    </span>
                  </Link>
                  <span
                    className={
                      milestone.dueDate && milestone.dueDate < figures.today
                        ? "text-red-300"
                        : "text-mist-300"
                    }
                  >
                    {formatDate(milestone.dueDate, locale)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-mist-300">Nothing due this week.</p>
          )}
        </section>
      </div>
    </div>
  );
}
