import {
  computeTotals,
  type DiscountKind,
  parseMoney,
  parseQuantity,
  parseRate,
} from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { rowsFrom } from "./form-data";

/** A priced line as the form sends it: text, turned into minor units once the currency is known. */
export const lineTextSchema = z.object({
  description: z.string().trim().min(1, "Describe the item.").max(500),
  quantity: z.string().trim(),
  unitAmount: z.string().trim(),
  taxRate: z.string().trim(),
  kind: z.enum(["one_off", "recurring", ""]).default("one_off"),
  interval: z.enum(["month", "year", ""]).default(""),
});

export type LineText = z.infer<typeof lineTextSchema>;

export type LineItem = {
  description: string;
  quantity: number;
  unitAmount: number;
  taxRateBp: number;
  kind: "one_off" | "recurring";
  interval: "month" | "year" | null;
};

export function lineRowsFrom(form: FormData) {
  return rowsFrom(form, {
    description: "itemDescription",
    quantity: "itemQuantity",
    unitAmount: "itemUnitAmount",
    taxRate: "itemTaxRate",
    kind: "itemKind",
    interval: "itemInterval",
  });
}

/** Parses the lines' numbers for a currency, reporting each bad cell on its own path. */
export function parseLines(lines: LineText[], currency: string, ctx: z.RefinementCtx) {
  return lines.map((line, index): LineItem => {
    const quantity = parseQuantity(line.quantity || "1");
    const unitAmount = parseMoney(line.unitAmount, currency);
    const taxRateBp = parseRate(line.taxRate || "0");
    if (quantity === undefined || quantity <= 0 || quantity > 100_000_000)
      ctx.addIssue({
        code: "custom",
        path: ["items", index, "quantity"],
        message: "Enter a quantity above zero, with at most two decimals.",
      });
    if (unitAmount === undefined || unitAmount < 0 || unitAmount > 100_000_000_000)
      ctx.addIssue({
        code: "custom",
        path: ["items", index, "unitAmount"],
        message: `Enter a price in ${currency}, such as 1500 or 1500.50.`,
      });
    if (taxRateBp === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["items", index, "taxRate"],
        message: "Enter a tax rate between 0 and 100 %.",
      });
    const isRecurring = line.kind === "recurring";
    return {
      description: line.description,
      quantity: quantity ?? 0,
      unitAmount: unitAmount ?? 0,
      taxRateBp: taxRateBp ?? 0,
      kind: isRecurring ? "recurring" : "one_off",
      interval: isRecurring ? (line.interval === "year" ? "year" : "month") : null,
    };
  });
}

export const discountKinds = ["none", "percent", "amount"] as const satisfies DiscountKind[];

/** The discount as typed ("10" percent or "250.00" off) in basis points or minor units. */
export function parseDiscount(
  kind: DiscountKind,
  text: string,
  currency: string,
  subtotalHint: number | undefined,
  ctx: z.RefinementCtx,
) {
  if (kind === "none") return 0;
  const value = kind === "percent" ? parseRate(text || "0") : parseMoney(text || "0", currency);
  if (value === undefined || value < 0) {
    ctx.addIssue({
      code: "custom",
      path: ["discountValue"],
      message:
        kind === "percent" ? "Enter a discount between 0 and 100 %." : "Enter a discount amount.",
    });
    return 0;
  }
  void subtotalHint;
  return value;
}

/** Totals of the one-off lines (discount applies to them) and of the recurring ones per interval. */
export function documentTotals(
  items: LineItem[],
  discountKind: DiscountKind,
  discountValue: number,
) {
  const oneOff = computeTotals(
    items.filter((item) => item.kind === "one_off"),
    { kind: discountKind, value: discountValue },
  );
  const monthly = computeTotals(
    items.filter((item) => item.kind === "recurring" && item.interval === "month"),
  );
  const yearly = computeTotals(
    items.filter((item) => item.kind === "recurring" && item.interval === "year"),
  );
  return { oneOff, monthly, yearly };
}
