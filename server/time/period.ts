import { addDays, todayIso } from "#server/business/dates.ts";

const isDay = (value: string | null): value is string =>
  Boolean(
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
  );

/** A report's period from the address (`from`, `to`), this month by default; refuses a reversed one. */
export function reportPeriodFrom(url: URL, today = todayIso()) {
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  const fallback = { from: `${today.slice(0, 7)}-01`, to: today };
  if (!isDay(from) || !isDay(to))
    return {
      period: fallback,
      error: from || to ? "Choose two days: the period shows this month." : undefined,
    };
  if (from > to)
    return { period: fallback, error: "The period must end on or after its first day." };
  return { period: { from, to }, error: undefined };
}

/** The presets the reports offer: this month, last month, this year, the last 90 days. */
export function reportPresets(today = todayIso()) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { label: "This month", from: monthStart, to: today },
    { label: "Last month", from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd },
    { label: "Last 90 days", from: addDays(today, -89), to: today },
    { label: "This year", from: `${today.slice(0, 4)}-01-01`, to: today },
    { label: "All time", from: "2000-01-01", to: today },
  ];
}
