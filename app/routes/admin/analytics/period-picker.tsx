import { Form, Link } from "react-router";

type Period = { from: string; to: string; preset: string; days: number };

const presets = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
];

/** The last 7, 30 or 90 days as links, or a range of dates through a plain GET form. */
export function PeriodPicker({ period, error }: { period: Period; error?: string }) {
  return (
    <div className="card mb-8 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const isCurrent = period.preset === preset.value;
            return (
              <li key={preset.value}>
                <Link
                  to={`?period=${preset.value}`}
                  aria-current={isCurrent ? "page" : undefined}
                  className={
                    isCurrent ? "btn-primary px-4 py-2 text-sm" : "btn-secondary px-4 py-2 text-sm"
                  }
                >
                  Last {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Custom range">
        <div>
          <label htmlFor="analytics-from" className="field-label">
            From
          </label>
          <input
            id="analytics-from"
            name="from"
            type="date"
            defaultValue={period.from}
            className="field-input"
            aria-describedby={error ? "analytics-range-error" : undefined}
          />
        </div>
        <div>
          <label htmlFor="analytics-to" className="field-label">
            To
          </label>
          <input
            id="analytics-to"
            name="to"
            type="date"
            defaultValue={period.to}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary px-4 py-2 text-sm">
          Show range
        </button>
      </Form>
      {error ? (
        <p id="analytics-range-error" role="alert" className="field-error lg:basis-full">
          {error} Showing the last 30 days.
        </p>
      ) : null}
    </div>
  );
}
