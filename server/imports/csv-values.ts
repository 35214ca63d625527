import { isCurrencyCode, minorDigits } from "#shared/money.ts";
import { type CsvRow, mapColumns, readCsvRows } from "./csv-rows";
import type { ImportContext } from "./types";

/** The first line of a CSV: its header, mapped to the fields an importer reads. */
export async function readCsvHeader<Field extends string>(
  context: ImportContext,
  aliases: Record<Field, string[]>,
) {
  for await (const row of readCsvRows(context.file)) {
    if ("error" in row) continue;
    return { header: row.cells, columns: mapColumns(row.cells, aliases) };
  }
  return { header: [] as string[], columns: {} as Partial<Record<Field, number>> };
}

/** Every line after the header, in order. */
export async function* csvBodyRows(context: ImportContext): AsyncGenerator<CsvRow> {
  let isHeader = true;
  for await (const row of readCsvRows(context.file, { onBytes: context.onBytes })) {
    if (isHeader && !("error" in row)) {
      isHeader = false;
      continue;
    }
    yield row;
  }
}

/** A currency named in an export: "EUR", "eur", "US Dollar - USD", "€" ; undefined if none. */
export function currencyOf(value: string) {
  const upper = value.trim().toUpperCase();
  if (isCurrencyCode(upper)) return upper;
  for (const match of upper.matchAll(/\b[A-Z]{3}\b/g))
    if (isCurrencyCode(match[0])) return match[0];
  const symbols: Record<string, string> = { "€": "EUR", "£": "GBP", $: "USD", "¥": "JPY" };
  return symbols[value.trim()];
}

/**
 * An amount as written in an export ("1,234.56", "$1 234,56", "(12.00)", "-5") in minor
 * units of the currency; undefined when it is not a number.
 */
export function parseAmount(value: string, currency: string) {
  let text = value.trim();
  if (!text) return undefined;
  const isNegative = /^\(.*\)$/.test(text) || text.includes("-");
  text = text.replace(/[^\d.,]/g, "");
  if (!/\d/.test(text)) return undefined;
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let decimal = "";
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? "." : ",";
  else if (lastComma >= 0 && /,\d{1,2}$/.test(text) && (text.match(/,/g)?.length ?? 0) === 1)
    decimal = ",";
  else if (
    lastDot >= 0 &&
    ((text.match(/\./g)?.length ?? 0) > 1 || /\.\d{3}$/.test(text)) &&
    !/\.\d{1,2}$/.test(text)
  )
    decimal = "";
  else if (lastDot >= 0) decimal = ".";
  const [whole, fraction = ""] = decimal
    ? [text.slice(0, text.lastIndexOf(decimal)), text.slice(text.lastIndexOf(decimal) + 1)]
    : [text, ""];
  const digits = minorDigits(currency);
  const wholeDigits = whole.replace(/[.,]/g, "") || "0";
  const padded = `${fraction}${"0".repeat(digits)}`.slice(0, digits);
  const rest = fraction.slice(digits);
  let minor = Number(wholeDigits) * 10 ** digits + Number(padded || "0");
  if (rest && Number(rest[0]) >= 5) minor += 1;
  if (!Number.isSafeInteger(minor)) return undefined;
  return isNegative ? -minor : minor;
}

/** A plain number ("1.5", "1,5", "20%"); undefined when it is not one. */
export function parseNumber(value: string) {
  const text = value.trim().replace(/%$/, "").replace(/\s/g, "");
  if (!text) return undefined;
  const normal = /^-?\d+,\d+$/.test(text) ? text.replace(",", ".") : text.replace(/,/g, "");
  const number = Number(normal);
  return Number.isFinite(number) ? number : undefined;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A date as exports write it, as YYYY-MM-DD: ISO dates and times, 2024/05/31, 31.05.2024 and
 * 05/31/2024 (month first, as US exports write it; a first part over 12 is read as the day).
 */
export function parseDate(value: string) {
  const text = value.trim();
  if (!text) return undefined;
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/.exec(text);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dotted) [day, month, year] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
  else if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2])];
    [month, day] = first > 12 ? [second, first] : [first, second];
    year = Number(slashed[3]);
  } else {
    const parsed = new Date(text);
    if (Number.isNaN(parsed.getTime())) return undefined;
    [year, month, day] = [parsed.getUTCFullYear(), parsed.getUTCMonth() + 1, parsed.getUTCDate()];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1970 || year > 2200)
    return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A date and time as exports write it, or undefined. */
export function parseTimestamp(value: string) {
  const text = value.trim();
  if (!text) return undefined;
  const date = new Date(
    /^\d{4}-\d{2}-\d{2} \d/.test(text)
      ? `${text.replace(" ", "T")}${/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? "" : "Z"}`
      : text,
  );
  if (Number.isNaN(date.getTime())) {
    const day = parseDate(text);
    return day ? new Date(`${day}T00:00:00Z`) : undefined;
  }
  return date;
}
