import { addDays } from "#server/business/dates.ts";
import type { RetainerPeriodKind } from "#server/db/schema/retainers.ts";
import { MONTH_NAMES } from "#shared/months.ts";

// The calendar of a retainer (decision 417), as plain functions of its terms: periods start
// on the first of a month, one or three months long; each is invoiced on its issue day.

export type RetainerTerms = {
  period: RetainerPeriodKind;
  /** YYYY-MM-01. */
  startDate: string;
  endDate: string | null;
  issueDay: number;
  paymentTermsDays: number;
};

export type VersionTerms = {
  id: string;
  effectiveFrom: string;
  amount: number;
  description: string;
  createdAt: Date;
};

export type PauseTerms = { pausedOn: string; resumedOn: string | null };

export type Period = {
  /** YYYY-MM-01 */
  start: string;
  /** The period's last day. */
  end: string;
  /** When its invoice is due to be issued. */
  issueDate: string;
  label: string;
};

/** Far enough for any retainer; a bound so a wrong date can never loop for long. */
const MAX_PERIODS = 1200;

export const monthsIn = (period: RetainerPeriodKind) => (period === "quarter" ? 3 : 1);

/** The first of the month `months` after the month of `isoDate` (YYYY-MM-01). */
export function addMonths(isoDate: string, months: number) {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + months;
  const date = new Date(Date.UTC(year, month, 1));
  return date.toISOString().slice(0, 10);
}

export function firstOfMonth(isoDate: string) {
  return `${isoDate.slice(0, 7)}-01`;
}

/** "March 2026", or "March to May 2026" for a quarter. */
export function periodLabel(kind: RetainerPeriodKind, start: string) {
  const first = Number(start.slice(5, 7)) - 1;
  const year = start.slice(0, 4);
  if (kind === "month") return `${MONTH_NAMES[first]} ${year}`;
  const last = addMonths(start, 2);
  const lastMonth = MONTH_NAMES[Number(last.slice(5, 7)) - 1];
  return last.slice(0, 4) === year
    ? `${MONTH_NAMES[first]} to ${lastMonth} ${year}`
    : `${MONTH_NAMES[first]} ${year} to ${lastMonth} ${last.slice(0, 4)}`;
}

/** The retainer's period number `index` (0 is the first). */
export function periodAt(
  terms: Pick<RetainerTerms, "period" | "startDate" | "issueDay">,
  index: number,
): Period {
  const start = addMonths(terms.startDate, index * monthsIn(terms.period));
  const next = addMonths(start, monthsIn(terms.period));
  return {
    start,
    end: addDays(next, -1),
    issueDate: `${start.slice(0, 8)}${String(terms.issueDay).padStart(2, "0")}`,
    label: periodLabel(terms.period, start),
  };
}

/** Whether a period starting on `start` is within the retainer (it starts on or before the end date). */
function isWithin(terms: Pick<RetainerTerms, "endDate">, start: string) {
  return !terms.endDate || start <= terms.endDate;
}

/** Every period whose issue date has come by `today`, oldest first (issued or not). */
export function periodsDue(terms: RetainerTerms, today: string) {
  const due: Period[] = [];
  for (let index = 0; index < MAX_PERIODS; index++) {
    const period = periodAt(terms, index);
    if (period.issueDate > today || !isWithin(terms, period.start)) break;
    due.push(period);
  }
  return due;
}

/** The first period still to be issued after `today`, or none once the retainer has ended. */
export function nextPeriod(terms: RetainerTerms, today: string) {
  const index = periodsDue(terms, today).length;
  const period = periodAt(terms, index);
  return isWithin(terms, period.start) ? period : undefined;
}

/** The version in force for a period: the newest effective on or before its start. */
export function versionFor<T extends Pick<VersionTerms, "effectiveFrom" | "createdAt">>(
  versions: T[],
  periodStart: string,
) {
  let found: T | undefined;
  for (const version of versions) {
    if (version.effectiveFrom > periodStart) continue;
    if (
      !found ||
      version.effectiveFrom > found.effectiveFrom ||
      (version.effectiveFrom === found.effectiveFrom && version.createdAt > found.createdAt)
    )
      found = version;
  }
  return found;
}

/** Whether the retainer was paused on a date (a pause covers pausedOn up to, not including, resumedOn). */
export function isPausedOn(pauses: PauseTerms[], date: string) {
  return pauses.some(
    (pause) => pause.pausedOn <= date && (!pause.resumedOn || date < pause.resumedOn),
  );
}

/** The due date of an invoice issued on `issueDate`. */
export function dueDateOf(terms: Pick<RetainerTerms, "paymentTermsDays">, issueDate: string) {
  return addDays(issueDate, terms.paymentTermsDays);
}
