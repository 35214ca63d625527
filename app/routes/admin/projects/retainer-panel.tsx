import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { StatusBadge } from "#app/components/business/status-badge.tsx";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import { retainerPeriodLabel } from "#shared/business/retainer-form.ts";
import { formatMoney, moneyInputValue } from "#shared/money.ts";
import type { Route } from "./+types/edit";
import { RetainerChangeForm, RetainerControls, RetainerSetupForm } from "./retainer-forms";

type RetainerView = NonNullable<Route.ComponentProps["loaderData"]["retainer"]>;

const stateLabel = { active: "Active", paused: "Paused", ending: "Ending", ended: "Ended" };
const stateTone = {
  active: "paid",
  paused: "on_hold",
  ending: "partially_paid",
  ended: "void",
} as const;

/**
 * The project's retainer beside its milestones: set it up, see what comes next, pause,
 * change from a date, end; and every period the schedule dealt with.
 */
export function RetainerPanel({
  projectId,
  retainer: view,
  currency,
  today,
  locale,
}: {
  projectId: string;
  retainer: RetainerView | null;
  currency: string;
  today: string;
  locale: string;
}) {
  const action = `/admin/projects/${projectId}/retainer`;
  return (
    <section aria-labelledby="retainer" className="card" data-testid="retainer">
      <h2 id="retainer" className="heading-md">
        Retainer
      </h2>
      {view ? (
        <RetainerDetails action={action} view={view} today={today} locale={locale} />
      ) : (
        <>
          <p className="mt-1 mb-4 text-sm text-mist-400">
            A fixed amount invoiced every month or quarter. Each invoice is sent by itself and shows
            in the client's portal.
          </p>
          <RetainerSetupForm action={action} currency={currency} thisMonth={today.slice(0, 7)} />
        </>
      )}
    </section>
  );
}

function RetainerDetails({
  action,
  view,
  today,
  locale,
}: {
  action: string;
  view: RetainerView;
  today: string;
  locale: string;
}) {
  const { retainer, state, current, next } = view;
  const money = (amount: number) => formatMoney(amount, retainer.currency, locale);
  return (
    <div className="mt-2 flex flex-col gap-5 text-sm">
      <div>
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={stateTone[state]} label={stateLabel[state]} />
          <span className="font-semibold text-white" data-testid="retainer-terms">
            {money(current.amount)} {retainerPeriodLabel[retainer.period]}
          </span>
        </p>
        <p className="mt-1 text-mist-300">
          “{current.description}”, issued on day {retainer.issueDay}, due in{" "}
          {retainer.paymentTermsDays} days. From {formatDate(retainer.startDate, locale)}
          {retainer.endDate ? ` to ${formatDate(retainer.endDate, locale)}` : ""}.
        </p>
        <p className="mt-1 text-mist-300" data-testid="retainer-next">
          {next
            ? `Next: ${next.label}, ${next.isSkipped ? "skipped while paused" : `${money(next.amount)} on ${formatDate(next.issueDate, locale)}`}.`
            : "No more invoices."}
        </p>
      </div>
      {state !== "ended" ? (
        <RetainerControls
          action={action}
          isPaused={state === "paused"}
          endDate={retainer.endDate}
          suggestedEndDate={view.suggestedEndDate}
        />
      ) : null}
      <details className="rounded-xl border border-white/10 p-3">
        <summary className="cursor-pointer font-semibold text-white">
          Change the amount or line from a date
        </summary>
        <div className="mt-3">
          <RetainerChangeForm
            action={action}
            today={today}
            amount={moneyInputValue(current.amount, retainer.currency)}
            description={current.description}
          />
        </div>
      </details>
      <RetainerHistory view={view} locale={locale} />
    </div>
  );
}

function RetainerHistory({ view, locale }: { view: RetainerView; locale: string }) {
  const money = (amount: number) => formatMoney(amount, view.retainer.currency, locale);
  return (
    <>
      <div>
        <h3 className="font-semibold text-white">Periods</h3>
        {view.periods.length ? (
          <ul className="mt-2 flex flex-col gap-1" data-testid="retainer-periods">
            {view.periods.map((period) => (
              <li key={period.periodStart} className="flex flex-wrap justify-between gap-2">
                <span>{period.label}</span>
                {period.invoiceId ? (
                  <span>
                    <Link
                      to={`/admin/invoices/edit/${period.invoiceId}`}
                      className="text-frontier-blue underline"
                    >
                      {period.invoiceNumber}
                    </Link>{" "}
                    {money(period.invoiceTotal ?? 0)} ·{" "}
                    {period.invoiceStatus ? invoiceStatusLabel[period.invoiceStatus] : ""}
                    {period.sendError ? (
                      <span className="block text-xs text-red-200">
                        Not sent: {period.sendError}
                      </span>
                    ) : null}
                  </span>
                ) : (
                  <span className="text-mist-400">
                    {period.status === "skipped" ? "Skipped (paused)" : "Invoice removed"}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-mist-400">No period issued yet.</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-white">History</h3>
        <ul className="mt-2 flex flex-col gap-1 text-mist-300">
          {view.versions.map((version) => (
            <li key={version.id}>
              From {formatDate(version.effectiveFrom, locale)}: {money(version.amount)}, “
              {version.description}”
            </li>
          ))}
          {view.pauses.map((pause) => (
            <li key={pause.id}>
              Paused {formatDate(pause.pausedOn, locale)}
              {pause.resumedOn ? `, resumed ${formatDate(pause.resumedOn, locale)}` : ""}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
