import { addDays } from "./daily-salt";

export const periodPresets = ["7", "30", "90"] as const;
export type PeriodPreset = (typeof periodPresets)[number] | "custom";

/** A range of whole UTC days, both ends included. */
export type DayRange = { from: string; to: string };

export type Period = DayRange & {
  preset: PeriodPreset;
  days: number;
  /** The same number of days just before. */
  previous: DayRange;
};

/** The longest custom range shown at once. */
export const MAX_PERIOD_DAYS = 366;

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function daysBetween({ from, to }: DayRange) {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

function periodOf(range: DayRange, preset: PeriodPreset): Period {
  const days = daysBetween(range);
  return {
    ...range,
    preset,
    days,
    previous: { from: addDays(range.from, -days), to: addDays(range.from, -1) },
  };
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string, preset: PeriodPreset = "custom") {
  return periodOf({ from: addDays(today, 1 - days), to: today }, preset);
}

/**
 * The period the address asks for: `?period=7|30|90` (the last days, today included), or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`. A range that cannot be shown falls back to 30 days,
 * with `error` saying why.
 */
export function parsePeriod(url: URL, today: string): { period: Period; error?: string } {
  const fallback = lastDays(30, today, "30");
  const from = url.searchParams.get("from")?.trim();
  const to = url.searchParams.get("to")?.trim();
  if (from || to) {
    if (!from || !to || !isDay(from) || !isDay(to))
      return { period: fallback, error: "Give both dates of the range as YYYY-MM-DD." };
    if (from > to) return { period: fallback, error: "The range must start before it ends." };
    if (from > today) return { period: fallback, error: "The range must start today or earlier." };
    const range = { from, to: to > today ? today : to };
    if (daysBetween(range) > MAX_PERIOD_DAYS)
      return { period: fallback, error: `Choose a range of at most ${MAX_PERIOD_DAYS} days.` };
    return { period: periodOf(range, "custom") };
  }
  const preset = periodPresets.find((item) => item === url.searchParams.get("period"));
  return { period: preset ? lastDays(Number(preset), today, preset) : fallback };
}

/** Every day of a range, in order. */
export function daysOf({ from, to }: DayRange) {
  const list: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) list.push(day);
  return list;
}
