import { useFetcher } from "react-router";
import { retainerPeriodLabel, retainerPeriods } from "#shared/business/retainer-form.ts";
import { inputClass, RetainerField, RetainerRefusal } from "./retainer-fields";

/** Setting up the project's retainer: amount, rhythm, first month, issue day, terms, invoice line. */
export function RetainerSetupForm({
  action,
  currency,
  thisMonth,
}: {
  action: string;
  currency: string;
  thisMonth: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} className="grid gap-3 sm:grid-cols-2">
      <RetainerField name="amount" label="Amount each period" answer={fetcher.data}>
        {(props) => <input {...props} inputMode="decimal" required className={inputClass} />}
      </RetainerField>
      <RetainerField name="currency" label="Currency" answer={fetcher.data}>
        {(props) => (
          <input {...props} defaultValue={currency} maxLength={3} required className={inputClass} />
        )}
      </RetainerField>
      <RetainerField name="period" label="Invoiced" answer={fetcher.data}>
        {(props) => (
          <select {...props} defaultValue="month" className={inputClass}>
            {retainerPeriods.map((period) => (
              <option key={period} value={period}>
                {retainerPeriodLabel[period]}
              </option>
            ))}
          </select>
        )}
      </RetainerField>
      <RetainerField name="startMonth" label="First month" answer={fetcher.data}>
        {(props) => (
          <input
            {...props}
            type="month"
            min={thisMonth}
            defaultValue={thisMonth}
            required
            className={inputClass}
          />
        )}
      </RetainerField>
      <RetainerField
        name="issueDay"
        label="Issue on day"
        hint="Of the period's first month, 1 to 28."
        answer={fetcher.data}
      >
        {(props) => (
          <input
            {...props}
            type="number"
            min={1}
            max={28}
            defaultValue={1}
            required
            className={inputClass}
          />
        )}
      </RetainerField>
      <RetainerField name="paymentTermsDays" label="Payment terms (days)" answer={fetcher.data}>
        {(props) => (
          <input
            {...props}
            type="number"
            min={0}
            max={365}
            defaultValue={14}
            required
            className={inputClass}
          />
        )}
      </RetainerField>
      <div className="sm:col-span-2">
        <RetainerField name="description" label="Invoice line" answer={fetcher.data}>
          {(props) => (
            <input
              {...props}
              defaultValue="Monthly retainer"
              maxLength={300}
              required
              className={inputClass}
            />
          )}
        </RetainerField>
      </div>
      <p className="text-xs text-mist-400 sm:col-span-2">
        If the first month's issue day has passed, its invoice goes out at once.
      </p>
      <div className="sm:col-span-2">
        <button
          type="submit"
          name="intent"
          value="create"
          className="btn-primary px-4 py-2 text-sm"
          disabled={fetcher.state !== "idle"}
        >
          Start retainer
        </button>
        <RetainerRefusal answer={fetcher.data} />
      </div>
    </fetcher.Form>
  );
}

/** A new amount or invoice line from a date on; issued invoices keep theirs. */
export function RetainerChangeForm({
  action,
  today,
  amount,
  description,
}: {
  action: string;
  today: string;
  amount: string;
  description: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} className="grid gap-3 sm:grid-cols-2">
      <RetainerField name="effectiveFrom" label="From periods starting on" answer={fetcher.data}>
        {(props) => (
          <input {...props} type="date" defaultValue={today} required className={inputClass} />
        )}
      </RetainerField>
      <RetainerField name="amount" label="New amount" answer={fetcher.data}>
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            defaultValue={amount}
            required
            className={inputClass}
          />
        )}
      </RetainerField>
      <div className="sm:col-span-2">
        <RetainerField name="description" label="Invoice line" answer={fetcher.data}>
          {(props) => (
            <input
              {...props}
              defaultValue={description}
              maxLength={300}
              required
              className={inputClass}
            />
          )}
        </RetainerField>
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          name="intent"
          value="change"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={fetcher.state !== "idle"}
        >
          Save the change
        </button>
        <RetainerRefusal answer={fetcher.data} />
      </div>
    </fetcher.Form>
  );
}

/** Pause or resume (from today), and the end date. */
export function RetainerControls({
  action,
  isPaused,
  endDate,
  suggestedEndDate,
}: {
  action: string;
  isPaused: boolean;
  endDate: string | null;
  suggestedEndDate: string;
}) {
  const toggle = useFetcher();
  const ender = useFetcher();
  return (
    <div className="flex flex-col gap-3">
      <toggle.Form method="post" action={action}>
        <button
          type="submit"
          name="intent"
          value={isPaused ? "resume" : "pause"}
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={toggle.state !== "idle"}
        >
          {isPaused ? "Resume retainer" : "Pause retainer"}
        </button>
        <p className="mt-1 text-xs text-mist-400">
          {isPaused
            ? "Periods whose issue day comes from today on are billed again."
            : "Periods whose issue day comes while paused are skipped, not billed later."}
        </p>
        <RetainerRefusal answer={toggle.data} />
      </toggle.Form>
      <ender.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <RetainerField
          name="endDate"
          label={endDate ? "Ends after" : "End after (last day of service)"}
          answer={ender.data}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              defaultValue={endDate ?? suggestedEndDate}
              required
              className={inputClass}
            />
          )}
        </RetainerField>
        <button
          type="submit"
          name="intent"
          value="end"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={ender.state !== "idle"}
        >
          {endDate ? "Change the end" : "End retainer"}
        </button>
        <RetainerRefusal answer={ender.data} />
      </ender.Form>
    </div>
  );
}
