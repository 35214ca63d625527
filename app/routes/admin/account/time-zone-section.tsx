import { Form } from "react-router";

/** The staff member's time zone: the days and weeks of their timesheet. */
export function TimeZoneSection({
  timeZone,
  timeZones,
  error,
}: {
  timeZone: string;
  timeZones: string[];
  error?: string;
}) {
  return (
    <section className="card mb-8 max-w-lg" aria-labelledby="time-zone-heading">
      <h2 id="time-zone-heading" className="heading-md mb-2">
        Time zone
      </h2>
      <p className="mb-4 text-sm text-mist-400">
        Your timesheet's days and weeks, and your timer's, are in it.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="time-zone" />
        <div className="min-w-64 flex-1">
          <label htmlFor="account-time-zone" className="field-label">
            Time zone
          </label>
          <input
            id="account-time-zone"
            name="timeZone"
            list="account-time-zones"
            defaultValue={timeZone}
            required
            className="field-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "account-time-zone-error" : undefined}
          />
          <datalist id="account-time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          {error ? (
            <p id="account-time-zone-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-secondary px-4 py-2">
          Save time zone
        </button>
      </Form>
    </section>
  );
}
