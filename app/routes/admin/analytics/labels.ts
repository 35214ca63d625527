import { dateTimeFormat, numberFormat } from "#shared/intl.ts";

/** How a dimension value reads on screen: '' is "none", a country code its name. */
export function valueLabel(dimension: string, value: string, locale: string) {
  if (dimension === "referrer") return value || "Direct or unknown";
  if (dimension === "country") {
    if (!value) return "Unknown";
    try {
      return new Intl.DisplayNames([locale], { type: "region" }).of(value) ?? value;
    } catch {
      return value;
    }
  }
  if (dimension === "device") return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

export function formatCount(value: number, locale: string) {
  return numberFormat(locale).format(value);
}

/** "Mar 9" for chart ticks; "Monday, March 9, 2026" for the table. */
export function dayLabel(day: string, locale: string, style: "short" | "long") {
  return dateTimeFormat(locale, {
    ...(style === "short"
      ? { month: "short", day: "numeric" }
      : { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}
