import { computeTotals, parseMoney } from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { currencySchema } from "./client-form";
import { textOf } from "./form-data";
import { paymentMethods } from "./labels";
import {
  discountKinds,
  lineRowsFrom,
  lineTextSchema,
  parseDiscount,
  parseLines,
} from "./line-items";

const isoDate = z.iso.date("Choose a date.");

/** The invoice form (create and edit). */
export const invoiceFormSchema = z
  .object({
    clientId: z.uuid("Choose a client."),
    projectId: z.union([z.uuid(), z.literal("")]).default(""),
    currency: currencySchema,
    issueDate: isoDate,
    dueDate: isoDate,
    discountKind: z.enum(discountKinds).default("none"),
    discountValue: z.string().trim().default(""),
    notes: z.string().trim().max(5000),
    items: z.array(lineTextSchema).min(1, "Add at least one line.").max(200),
    /** Required when changing an invoice the client already has. */
    revisionReason: z.string().trim().max(500).default(""),
  })
  .transform((value, ctx) => {
    if (value.dueDate < value.issueDate)
      ctx.addIssue({
        code: "custom",
        path: ["dueDate"],
        message: "The due date cannot be before the issue date.",
      });
    const items = parseLines(value.items, value.currency, ctx).map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitAmount: item.unitAmount,
      taxRateBp: item.taxRateBp,
    }));
    return {
      ...value,
      projectId: value.projectId || null,
      items,
      discountValue: parseDiscount(
        value.discountKind,
        value.discountValue,
        value.currency,
        undefined,
        ctx,
      ),
    };
  });

export type InvoiceInput = z.output<typeof invoiceFormSchema>;

export function invoiceFormValues(form: FormData) {
  return {
    clientId: textOf(form, "clientId"),
    projectId: textOf(form, "projectId"),
    currency: textOf(form, "currency"),
    issueDate: textOf(form, "issueDate"),
    dueDate: textOf(form, "dueDate"),
    discountKind: textOf(form, "discountKind") || "none",
    discountValue: textOf(form, "discountValue"),
    notes: textOf(form, "notes"),
    items: lineRowsFrom(form),
    revisionReason: textOf(form, "revisionReason"),
  };
}

export function invoiceTotals(
  invoice: Pick<InvoiceInput, "items" | "discountKind" | "discountValue">,
) {
  return computeTotals(invoice.items, { kind: invoice.discountKind, value: invoice.discountValue });
}

/** Recording a payment: amount as typed in the invoice's currency. */
export function paymentFormSchema(currency: string) {
  return z
    .object({
      amount: z.string().trim().min(1, "Enter the amount received."),
      paidOn: isoDate,
      method: z.enum(paymentMethods, "Choose how it was paid."),
      reference: z.string().trim().max(200).default(""),
    })
    .transform((value, ctx) => {
      const amount = parseMoney(value.amount, currency);
      if (amount === undefined || amount <= 0) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: `Enter an amount above zero in ${currency}.`,
        });
      }
      return { ...value, amount: amount ?? 0 };
    });
}
