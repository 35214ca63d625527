// Days in a staff member's time zone: what day an instant falls on, when a day begins, and
// a stretch of time cut at each local midnight (decision 422).
import { shiftDay } from "#shared/time.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA time zone name the runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string) {
  if (!name || name.length > 64) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

function partsOf(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string) {
  const { year, month, day } = partsOf(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string) {
  const { year, month, day, hour, minute, second } = partsOf(instant, timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a day begins in a time zone (its first moment, also on a day that skips midnight). */
export function startOfLocalDay(isoDate: string, timeZone: string) {
  const guess = Date.parse(`${isoDate}T00:00:00Z`);
  let instant = guess - offsetAt(new Date(guess), timeZone);
  // A second pass settles days whose offset changes between the guess and the answer.
  instant = guess - offsetAt(new Date(instant), timeZone);
  // Where midnight does not exist (a jump forward at 00:00), the day starts at the jump.
  if (localDateOf(new Date(instant), timeZone) !== isoDate) {
    while (localDateOf(new Date(instant), timeZone) < isoDate) instant += 15 * 60_000;
  }
  return new Date(instant);
}

/** The instant a wall-clock time on a day means in a time zone ("2026-03-02", "09:30"). */
export function zonedInstant(isoDate: string, time: string, timeZone: string) {
  const [hours, minutes, seconds = "0"] = time.split(":");
  const guess =
    Date.parse(`${isoDate}T00:00:00Z`) +
    (Number(hours) * 60 + Number(minutes)) * 60_000 +
    Number(seconds) * 1000;
  let instant = guess - offsetAt(new Date(guess), timeZone);
  instant = guess - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

export type DayPiece = { entryDate: string; startedAt: Date; endedAt: Date; minutes: number };

/**
 * A stretch of time cut at each midnight of the time zone, one piece per day, each with its
 * whole minutes. Pieces shorter than half a minute are dropped.
 */
export function splitAtMidnights(startedAt: Date, endedAt: Date, timeZone: string): DayPiece[] {
  const pieces: DayPiece[] = [];
  let start = startedAt;
  while (start < endedAt) {
    const entryDate = localDateOf(start, timeZone);
    const nextMidnight = startOfLocalDay(shiftDay(entryDate, 1), timeZone);
    const end = nextMidnight < endedAt ? nextMidnight : endedAt;
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    if (minutes > 0) pieces.push({ entryDate, startedAt: start, endedAt: end, minutes });
    start = end;
  }
  return pieces;
}
