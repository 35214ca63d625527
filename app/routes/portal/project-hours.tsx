import { formatMinutes } from "#shared/time.ts";

type Hours = {
  kind: "retainer" | "budget";
  usedMinutes: number;
  limitMinutes: number | null;
  periodLabel: string | null;
};

/** The hours the team has used, against the budget or this retainer period's included hours. */
export function PortalHours({ hours }: { hours: Hours }) {
  const percent = hours.limitMinutes
    ? Math.round((hours.usedMinutes / hours.limitMinutes) * 100)
    : null;
  const against =
    hours.kind === "retainer"
      ? `of the ${formatMinutes(hours.limitMinutes ?? 0)} included in ${hours.periodLabel}`
      : hours.limitMinutes
        ? `of the ${formatMinutes(hours.limitMinutes)} budgeted`
        : "so far";
  return (
    <section aria-labelledby="hours-title" className="card" data-testid="portal-hours">
      <h2 id="hours-title" className="heading-md">
        Hours
      </h2>
      <p className="mt-2 text-mist-100">
        <span
          className="font-display text-2xl font-bold text-white"
          data-testid="portal-hours-used"
        >
          {formatMinutes(hours.usedMinutes)}
        </span>{" "}
        hours used {against}.
      </p>
      {percent !== null ? (
        <meter
          aria-label="Hours used"
          min={0}
          max={100}
          value={Math.min(percent, 100)}
          className="mt-3 h-2 w-full"
        >
          {percent}%
        </meter>
      ) : null}
      {hours.kind === "retainer" && percent !== null && percent > 100 ? (
        <p className="mt-2 text-sm text-mist-300">
          Hours beyond the included ones are invoiced when the period ends.
        </p>
      ) : null}
    </section>
  );
}
