import { Link, useFetcher } from "react-router";
import { FormError, formatDate } from "#app/components/business/fields.tsx";
import { formatMoney, moneyInputValue } from "#shared/money.ts";
import { formatMinutes, roundingChoices } from "#shared/time.ts";
import type { Route } from "./+types/edit";
import { inputClass, RetainerField } from "./retainer-fields";

type Panel = NonNullable<Route.ComponentProps["loaderData"]["time"]>;

/** The project's time: budget burn and projected finish, rounding, portal view, rates on it. */
export function TimePanel({
  projectId,
  time,
  locale,
}: {
  projectId: string;
  time: Panel;
  locale: string;
}) {
  const { burn, settings, overrides, people } = time;
  const settingsForm = useFetcher<{
    ok: false;
    error: string;
    fieldErrors?: Record<string, string[]>;
  }>();
  const rateForm = useFetcher<{
    ok: false;
    error: string;
    fieldErrors?: Record<string, string[]>;
  }>();
  const action = `/admin/projects/${projectId}/time`;
  const money = (amount: number) => formatMoney(amount, burn.currency, locale);
  const percent = burn.percentUsed;
  return (
    <section aria-labelledby="time-budget" className="card" data-testid="time-panel">
      <h2 id="time-budget" className="heading-md">
        Time and budget
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-mist-400">Hours</dt>
          <dd className="text-white" data-testid="burn-hours">
            {formatMinutes(burn.spentMinutes)}
            {burn.budgetMinutes ? ` of ${formatMinutes(burn.budgetMinutes)}` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-mist-400">Billable value</dt>
          <dd className="text-white">
            {money(burn.spentAmount)}
            {burn.budgetAmount
              ? ` of ${money(burn.budgetAmount)}${burn.isBudgetFromProposal ? " (the proposal)" : ""}`
              : ""}
          </dd>
        </div>
        <div>
          <dt className="text-mist-400">Remaining</dt>
          <dd className="text-white">
            {[
              burn.remainingMinutes !== null ? `${formatMinutes(burn.remainingMinutes)} h` : "",
              burn.remainingAmount !== null ? money(burn.remainingAmount) : "",
            ]
              .filter(Boolean)
              .join(" · ") || "No budget set"}
          </dd>
        </div>
        <div>
          <dt className="text-mist-400">Projected finish</dt>
          <dd className="text-white" data-testid="burn-finish">
            {burn.projectedFinish
              ? formatDate(burn.projectedFinish, locale)
              : percent === null
                ? "No budget set"
                : "No recent pace"}
          </dd>
        </div>
      </dl>
      {percent !== null ? (
        <div className="mt-3">
          <meter
            aria-label="Budget used"
            min={0}
            max={100}
            low={80}
            high={99.9}
            optimum={0}
            value={Math.min(percent, 100)}
            className="h-2 w-full"
          >
            {percent}%
          </meter>
          <p className="mt-1 text-xs text-mist-400" data-testid="burn-percent">
            {percent}% used
          </p>
        </div>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-3 text-sm">
        <Link
          to={`/admin/time/invoice?projectId=${projectId}`}
          className="text-frontier-blue underline"
        >
          Invoice its hours
        </Link>
        <Link
          to={`/admin/time/entries?project=${projectId}`}
          className="text-frontier-blue underline"
        >
          Its time entries
        </Link>
      </p>
      <settingsForm.Form method="post" action={action} className="mt-5 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="settings" />
        <RetainerField
          name="roundingMinutes"
          label="Rounding on invoices"
          answer={settingsForm.data}
        >
          {(props) => (
            <select
              {...props}
              defaultValue={String(settings.roundingMinutes)}
              className={inputClass}
            >
              {roundingChoices.map((choice) => (
                <option key={choice.minutes} value={choice.minutes}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </RetainerField>
        <RetainerField
          name="budgetHours"
          label="Budget in hours"
          hint="Empty: only the money budget."
          answer={settingsForm.data}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              defaultValue={settings.budgetMinutes ? String(settings.budgetMinutes / 60) : ""}
              className={inputClass}
            />
          )}
        </RetainerField>
        <RetainerField
          name="includedHours"
          label="Hours each retainer period includes"
          hint="The rest is billed when the period ends."
          answer={settingsForm.data}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              defaultValue={
                settings.retainerIncludedMinutes
                  ? String(settings.retainerIncludedMinutes / 60)
                  : ""
              }
              className={inputClass}
            />
          )}
        </RetainerField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-mist-300">
          <input type="checkbox" name="isShownInPortal" defaultChecked={settings.isShownInPortal} />{" "}
          Show the hours used in the client portal
        </label>
        <div className="sm:col-span-2">
          <FormError
            error={
              settingsForm.data?.ok === false && !settingsForm.data.fieldErrors
                ? settingsForm.data.error
                : undefined
            }
          />
          <button type="submit" className="btn-secondary px-4 py-2 text-sm">
            Save time settings
          </button>
        </div>
      </settingsForm.Form>
      <h3 className="mt-6 font-semibold text-white">Rates on this project</h3>
      {overrides.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {overrides.map((override) => (
            <li key={override.userId}>
              {override.name}: {money(override.billingRate)} an hour
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-mist-400">
          Everyone bills at their own rate in {burn.currency}.
        </p>
      )}
      <rateForm.Form
        method="post"
        action={action}
        className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="rate" />
        <RetainerField name="userId" label="Person" answer={rateForm.data}>
          {(props) => (
            <select {...props} className={inputClass}>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          )}
        </RetainerField>
        <RetainerField
          name="billingRate"
          label={`Hourly rate (${burn.currency})`}
          hint="Empty removes it."
          answer={rateForm.data}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              placeholder={
                overrides[0] ? moneyInputValue(overrides[0].billingRate, burn.currency) : ""
              }
              className={inputClass}
            />
          )}
        </RetainerField>
        <button type="submit" className="btn-secondary px-4 py-2 text-sm">
          Save rate
        </button>
      </rateForm.Form>
    </section>
  );
}
