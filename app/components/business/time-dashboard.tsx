import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { formatMoney } from "#shared/money.ts";
import { formatMinutes } from "#shared/time.ts";

type Props = {
  unbilled: Array<{ currency: string; minutes: number; amount: number; unratedEntries: number }>;
  burns: Array<{
    projectId: string;
    name: string;
    currency: string;
    percentUsed: number | null;
    spentMinutes: number;
    budgetMinutes: number | null;
    spentAmount: number;
    budgetAmount: number | null;
    projectedFinish: string | null;
  }>;
  locale: string;
};

/** Unbilled time's value and the burn of active projects' budgets, on the dashboard. */
export function TimeDashboard({ unbilled, burns, locale }: Props) {
  const minutes = unbilled.reduce((sum, row) => sum + row.minutes, 0);
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="unbilled" className="card">
        <h2 id="unbilled" className="heading-md">
          Unbilled time
        </h2>
        <p
          className="mt-3 font-display text-2xl font-bold text-white"
          data-figure="unbilled-time"
          data-value={unbilled.reduce((sum, row) => sum + row.amount, 0)}
        >
          {unbilled.length
            ? unbilled.map((row) => formatMoney(row.amount, row.currency, locale)).join(" · ")
            : formatMoney(0, "USD", locale)}
        </p>
        <p className="mt-1 text-sm text-mist-400">
          {formatMinutes(minutes)} billable hours not yet on an invoice, at the billing rates.
          {unbilled.some((row) => row.unratedEntries) ? " Some of it has no billing rate yet." : ""}
        </p>
        <Link
          to="/admin/time/invoice"
          className="mt-3 inline-block text-sm text-frontier-blue underline"
        >
          Invoice hours
        </Link>
      </section>
      <section aria-labelledby="burn" className="card">
        <h2 id="burn" className="heading-md mb-3">
          Budgets
        </h2>
        {burns.length ? (
          <ul className="flex flex-col gap-3 text-sm" data-testid="dashboard-burn">
            {burns.map((burn) => {
              const percent = burn.percentUsed ?? 0;
              return (
                <li key={burn.projectId}>
                  <div className="flex flex-wrap justify-between gap-2">
                    <Link
                      to={`/admin/projects/edit/${burn.projectId}`}
                      className="font-semibold text-white hover:underline"
                    >
                      {burn.name}
                    </Link>
                    <span className="text-mist-300">
                      {percent}% used
                      {burn.projectedFinish
                        ? ` · runs out ${formatDate(burn.projectedFinish, locale)}`
                        : ""}
                    </span>
                  </div>
                  <div
                    className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/10"
                    aria-hidden="true"
                  >
                    <div
                      className={`h-full ${percent >= 100 ? "bg-red-400" : percent >= 80 ? "bg-amber-300" : "bg-frontier-blue"}`}
                      style={{ width: `${Math.min(percent, 100)}%` }}
                    />
                  </div>
                  <p className="mt-0.5 text-xs text-mist-400">
                    {[
                      burn.budgetMinutes
                        ? `${formatMinutes(burn.spentMinutes)} of ${formatMinutes(burn.budgetMinutes)} h`
                        : "",
                      burn.budgetAmount
                        ? `${formatMoney(burn.spentAmount, burn.currency, locale)} of ${formatMoney(burn.budgetAmount, burn.currency, locale)}`
                        : "",
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-mist-300">No active project with a budget has time logged yet.</p>
        )}
      </section>
    </div>
  );
}
