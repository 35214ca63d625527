import { z } from "#shared/zod.ts";

// Time tracking's shared pieces: durations typed and shown, rounding, weeks and the forms
// (server/time, decisions 421-429). Durations are whole minutes; days are YYYY-MM-DD in the
// staff member's time zone.

export const MAX_ENTRY_MINUTES = 24 * 60;

/** The rounding rules a project may choose: each billed entry rounded up to a multiple. */
export const roundingChoices = [
  { minutes: 0, label: "None: bill the minutes logged" },
  { minutes: 6, label: "Up to 6 minutes (a tenth of an hour)" },
  { minutes: 15, label: "Up to 15 minutes" },
  { minutes: 30, label: "Up to 30 minutes" },
] as const;
export type RoundingMinutes = (typeof roundingChoices)[number]["minutes"];

export function isRoundingMinutes(value: number): value is RoundingMinutes {
  return roundingChoices.some((choice) => choice.minutes === value);
}

/** The minutes an entry bills: rounded up to the step, never changing what was logged. */
export function roundMinutes(minutes: number, step: number) {
  if (step <= 0 || minutes <= 0) return Math.max(minutes, 0);
  return Math.ceil(minutes / step) * step;
}

/** The value of some minutes at an hourly rate, in minor units (half away from zero). */
export function minutesValue(minutes: number, hourlyRate: number) {
  return Math.round((minutes * hourlyRate) / 60);
}

/** Hours as invoice quantities: hundredths of an hour. */
export function minutesToHundredths(minutes: number) {
  return Math.round((minutes * 100) / 60);
}

/** 90 -> "1:30"; 0 -> "0:00". */
export function formatMinutes(minutes: number) {
  const sign = minutes < 0 ? "-" : "";
  const absolute = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(absolute / 60)}:${String(absolute % 60).padStart(2, "0")}`;
}

/** 90 -> "1.5"; hours with at most two decimals, for reports and CSV. */
export function formatHours(minutes: number) {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/**
 * What a person types as a duration, in minutes: "1:30", "1.5", "1,5", "90m", "1h 30m", "2h"
 * or "45" (whole numbers up to 24 are hours, as in a timesheet). Undefined when it is not one.
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  if (!value) return undefined;
  let minutes: number | undefined;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  const units = /^(?:(\d+(?:[.,]\d+)?)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/.exec(value);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d+([.,]\d+)?$/.test(value)) {
    const number = Number(value.replace(",", "."));
    minutes = Math.round(number * 60);
  } else if (units && (units[1] || units[2]))
    minutes = Math.round(Number((units[1] ?? "0").replace(",", ".")) * 60) + Number(units[2] ?? 0);
  if (minutes === undefined || !Number.isFinite(minutes)) return undefined;
  return minutes;
}

const DAY_MS = 86_400_000;

/** The calendar day `days` after an ISO day. */
export function shiftDay(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week an ISO day is in (weeks run Monday to Sunday, ISO 8601). */
export function weekStartOf(isoDate: string) {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return shiftDay(isoDate, -((weekday + 6) % 7));
}

/** The seven days of the week starting on `weekStart`. */
export function weekDays(weekStart: string) {
  return Array.from({ length: 7 }, (_, index) => shiftDay(weekStart, index));
}

const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/** "Mon 3 Mar" for a timesheet column. */
export function dayLabel(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return `${weekdayNames[(date.getUTCDay() + 6) % 7]} ${date.getUTCDate()} ${monthNames[date.getUTCMonth()]}`;
}

/** "3 Mar – 9 Mar 2026" for a week. */
export function weekLabel(weekStart: string) {
  const end = shiftDay(weekStart, 6);
  const short = (iso: string) => {
    const date = new Date(`${iso}T00:00:00Z`);
    return `${date.getUTCDate()} ${monthNames[date.getUTCMonth()]}`;
  };
  return `${short(weekStart)} – ${short(end)} ${end.slice(0, 4)}`;
}

export const isoDaySchema = z.iso.date("Choose a day.");

const durationSchema = z
  .string()
  .trim()
  .min(1, "Enter the time, such as 1:30 or 1.5.")
  .transform((text, ctx) => {
    const minutes = parseDuration(text);
    if (minutes === undefined || minutes < 1 || minutes > MAX_ENTRY_MINUTES) {
      ctx.addIssue({
        code: "custom",
        message: "Enter between 0:01 and 24:00, such as 1:30 or 1.5.",
      });
      return z.NEVER;
    }
    return minutes;
  });

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** A manual entry, added or changed. */
export const timeEntryFormSchema = z.object({
  projectId: z.uuid("Choose a project."),
  milestoneId: z.union([z.uuid(), z.literal("")]).transform((value) => value || null),
  entryDate: isoDaySchema,
  duration: durationSchema,
  note: z.string().trim().max(2000, "Keep the note under 2000 characters."),
  isBillable: checkbox,
});
export type TimeEntryFormInput = z.infer<typeof timeEntryFormSchema>;

/** Starting the timer. */
export const timerFormSchema = z.object({
  projectId: z.uuid("Choose a project."),
  milestoneId: z.union([z.uuid(), z.literal("")]).transform((value) => value || null),
  note: z.string().trim().max(2000, "Keep the note under 2000 characters."),
  isBillable: checkbox,
});
export type TimerFormInput = z.infer<typeof timerFormSchema>;

export const invoiceGroupings = ["person", "milestone", "day"] as const;
export type InvoiceGrouping = (typeof invoiceGroupings)[number];
export const invoiceGroupingLabel: Record<InvoiceGrouping, string> = {
  person: "One line per person",
  milestone: "One line per milestone",
  day: "One line per day",
};

/** Invoicing a project's hours of a period. */
export const invoiceFromTimeSchema = z
  .object({
    projectId: z.uuid("Choose a project."),
    from: isoDaySchema,
    to: isoDaySchema,
    groupBy: z.enum(invoiceGroupings, "Choose how the lines are grouped."),
  })
  .refine((value) => value.from <= value.to, {
    path: ["to"],
    message: "The period must end on or after its first day.",
  });
export type InvoiceFromTimeInput = z.infer<typeof invoiceFromTimeSchema>;

export const reportGroupings = ["person", "project", "client"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

export const importFormatLabel = {
  harvest: "Harvest (Detailed time report)",
  toggl: "Toggl Track (Detailed report)",
  clockify: "Clockify (Detailed report)",
} as const;
