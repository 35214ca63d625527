import { numberFormat } from "./intl";

/**
 * Money maths for proposals and invoices, safe in the browser and on the server.
 * Amounts are integer minor units (cents) of an ISO 4217 currency; never floats.
 * Quantities are hundredths of a unit; rates and percentages are basis points.
 */

export type DiscountKind = "none" | "percent" | "amount";

export type MoneyLine = {
  /** Hundredths of a unit: 150 = 1.5. */
  quantity: number;
  /** Price of one unit, minor units. */
  unitAmount: number;
  /** Tax rate in basis points: 2000 = 20 %. */
  taxRateBp: number;
};

export type Discount = { kind: DiscountKind; value: number };

export type TaxLine = { rateBp: number; base: number; amount: number };

export type Totals = {
  subtotal: number;
  discount: number;
  /** One entry per distinct rate above zero. */
  taxes: TaxLine[];
  tax: number;
  total: number;
};

/** Rounds half away from zero, which is what people expect of money. */
function roundHalfAway(value: number) {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export function lineAmount(line: Pick<MoneyLine, "quantity" | "unitAmount">) {
  return roundHalfAway((line.quantity * line.unitAmount) / 100);
}

export function discountAmount(subtotal: number, discount: Discount) {
  if (discount.kind === "percent") {
    const bp = Math.min(Math.max(discount.value, 0), 10_000);
    return roundHalfAway((subtotal * bp) / 10_000);
  }
  if (discount.kind === "amount") return Math.min(Math.max(discount.value, 0), subtotal);
  return 0;
}

/**
 * Shares `amount` out across `weights` in proportion, in whole minor units,
 * so the shares add up to exactly `amount` (largest remainder first).
 */
export function allocate(amount: number, weights: number[]) {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((total, share) => total + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Subtotal, discount (spread over the lines in proportion, so each tax rate
 * is charged on its discounted base), tax per rate, and total.
 */
export function computeTotals(lines: MoneyLine[], discount: Discount = { kind: "none", value: 0 }) {
  const amounts = lines.map(lineAmount);
  const subtotal = amounts.reduce((total, amount) => total + amount, 0);
  const discountTotal = discountAmount(subtotal, discount);
  const shares = allocate(discountTotal, amounts);
  const bases = new Map<number, number>();
  lines.forEach((line, index) => {
    if (line.taxRateBp <= 0) return;
    bases.set(line.taxRateBp, (bases.get(line.taxRateBp) ?? 0) + amounts[index] - shares[index]);
  });
  const taxes = [...bases.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, base]) => ({ rateBp, base, amount: roundHalfAway((base * rateBp) / 10_000) }));
  const tax = taxes.reduce((total, line) => total + line.amount, 0);
  return { subtotal, discount: discountTotal, taxes, tax, total: subtotal - discountTotal + tax };
}

/** A percentage (whole percent) of an amount, rounded to whole minor units. */
export function percentOf(amount: number, percent: number) {
  return roundHalfAway((amount * percent) / 100);
}

const minorDigitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (JPY 0, USD 2, KWD 3). */
export function minorDigits(currency: string) {
  let digits = minorDigitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigitsCache.set(currency, digits);
  }
  return digits;
}

/** "$1,234.50" in the viewer's locale (undefined: the runtime's). */
export function formatMoney(amount: number, currency: string, locale?: string) {
  const digits = minorDigits(currency);
  return numberFormat(locale, { style: "currency", currency }).format(amount / 10 ** digits);
}

/** The decimal text a person types ("1234.5") as minor units, or undefined when it is not money. */
export function parseMoney(text: string, currency: string) {
  const cleaned = text.trim().replace(/[\s,]/g, "");
  const digits = minorDigits(currency);
  const pattern = digits ? new RegExp(`^-?\\d+(\\.\\d{1,${digits}})?$`) : /^-?\d+$/;
  if (!pattern.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.replace("-", "").split(".");
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || 0);
  if (!Number.isSafeInteger(value)) return undefined;
  return cleaned.startsWith("-") ? -value : value;
}

/** Minor units as the plain decimal text of an input ("1234.50"). */
export function moneyInputValue(amount: number, currency: string) {
  const digits = minorDigits(currency);
  if (!digits) return String(amount);
  const sign = amount < 0 ? "-" : "";
  const absolute = Math.abs(amount);
  const whole = Math.floor(absolute / 10 ** digits);
  const fraction = String(absolute % 10 ** digits).padStart(digits, "0");
  return `${sign}${whole}.${fraction}`;
}

/** "1.5" -> 150 hundredths; "12" -> 1200; undefined when not a quantity. */
export function parseQuantity(text: string) {
  const cleaned = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0") || 0);
}

export function formatQuantity(hundredths: number) {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (!fraction) return String(whole);
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/** Basis points as a percentage text: 2000 -> "20", 875 -> "8.75". */
export function formatRate(bp: number) {
  return formatQuantity(bp);
}

/** "20" or "8.75" (percent) -> basis points. */
export function parseRate(text: string) {
  const value = parseQuantity(text);
  return value !== undefined && value <= 10_000 ? value : undefined;
}

/** Currencies offered in forms; any ISO code Intl knows is accepted. */
export const commonCurrencies = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY", "SEK"];

export function isCurrencyCode(code: string) {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
}
