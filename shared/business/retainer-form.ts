import { parseMoney } from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { currencySchema } from "./client-form";

// The retainer's forms on the admin project page (decision 417). Amounts are typed as
// decimals and become integer minor units of the retainer's currency.

export const retainerPeriods = ["month", "quarter"] as const;
export const retainerPeriodLabel = { month: "every month", quarter: "every quarter" } as const;

/** The largest amount a retainer period may bill (the invoice totals are 32-bit minor units). */
export const RETAINER_MAX_MINOR = 1_000_000_000;

const isoDate = z.iso.date("Choose a date.");
const description = z
  .string()
  .trim()
  .min(1, "Write the invoice line, such as “Monthly support retainer”.")
  .max(300, "Keep the invoice line under 300 characters.");

function amountIn(currency: string, text: string, ctx: z.RefinementCtx) {
  const amount = parseMoney(text, currency);
  if (amount === undefined || amount <= 0 || amount > RETAINER_MAX_MINOR) {
    ctx.addIssue({
      code: "custom",
      path: ["amount"],
      message: `Enter an amount above zero in ${currency}, such as 2500.00.`,
    });
    return 0;
  }
  return amount;
}

/** Setting up a retainer. */
export const retainerFormSchema = z
  .object({
    amount: z.string().trim().min(1, "Enter the amount of each period."),
    currency: currencySchema,
    period: z.enum(retainerPeriods, "Choose monthly or quarterly."),
    startMonth: z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose the first month."),
    issueDay: z.coerce
      .number("Choose the day of the month invoices are issued.")
      .int("Choose a whole day.")
      .min(1, "Choose a day from 1 to 28.")
      .max(28, "Choose a day from 1 to 28 (every month has one)."),
    paymentTermsDays: z.coerce
      .number("Enter the payment terms in days.")
      .int("Enter whole days.")
      .min(0, "Payment terms cannot be negative.")
      .max(365, "Keep payment terms within a year."),
    description,
  })
  .transform((value, ctx) => ({
    period: value.period,
    currency: value.currency,
    startDate: `${value.startMonth}-01`,
    issueDay: value.issueDay,
    paymentTermsDays: value.paymentTermsDays,
    description: value.description,
    amount: amountIn(value.currency, value.amount, ctx),
  }));
export type RetainerInput = z.output<typeof retainerFormSchema>;

/** A change of amount or invoice line from a date on. */
export function retainerChangeSchema(currency: string) {
  return z
    .object({
      effectiveFrom: isoDate,
      amount: z.string().trim().min(1, "Enter the new amount."),
      description,
    })
    .transform((value, ctx) => ({
      effectiveFrom: value.effectiveFrom,
      description: value.description,
      amount: amountIn(currency, value.amount, ctx),
    }));
}

/** Ending: the last day of service. */
export const retainerEndSchema = z.object({ endDate: isoDate });
