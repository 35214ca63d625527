import { dateTimeFormat } from "#shared/intl.ts";

const whenFormat = dateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** "12 Mar 2026, 14:05 UTC": the same on the server and in the browser. */
export function formatWhen(value: Date | string | null | undefined) {
  if (!value) return "";
  return `${whenFormat.format(new Date(value))} UTC`;
}
