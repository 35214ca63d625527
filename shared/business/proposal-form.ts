import { percentOf } from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { currencySchema } from "./client-form";
import { textOf } from "./form-data";
import {
  discountKinds,
  documentTotals,
  type LineItem,
  lineRowsFrom,
  lineTextSchema,
  parseDiscount,
  parseLines,
} from "./line-items";

const markdown = (label: string) =>
  z.string().trim().max(50_000, `Keep the ${label} under 50,000 characters.`);

const isoDate = z.iso.date("Choose a date.");

/** The proposal form (create and edit): text in, minor units and basis points out. */
export const proposalFormSchema = z
  .object({
    title: z.string().trim().min(1, "Give the proposal a title.").max(200),
    clientId: z.uuid("Choose a client."),
    scope: markdown("scope"),
    approach: markdown("approach"),
    timeline: markdown("timeline"),
    terms: markdown("terms"),
    currency: currencySchema,
    discountKind: z.enum(discountKinds).default("none"),
    discountValue: z.string().trim().default(""),
    depositPercent: z.coerce
      .number({ error: "Enter a deposit between 0 and 100 %." })
      .int("Enter a whole percentage.")
      .min(0, "Enter a deposit between 0 and 100 %.")
      .max(100, "Enter a deposit between 0 and 100 %."),
    validUntil: isoDate,
    items: z.array(lineTextSchema).min(1, "Add at least one priced item.").max(100),
  })
  .transform((value, ctx) => {
    const items = parseLines(value.items, value.currency, ctx);
    return {
      ...value,
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

export type ProposalInput = z.output<typeof proposalFormSchema>;

export function proposalFormValues(form: FormData) {
  return {
    title: textOf(form, "title"),
    clientId: textOf(form, "clientId"),
    scope: textOf(form, "scope"),
    approach: textOf(form, "approach"),
    timeline: textOf(form, "timeline"),
    terms: textOf(form, "terms"),
    currency: textOf(form, "currency"),
    discountKind: textOf(form, "discountKind") || "none",
    discountValue: textOf(form, "discountValue"),
    depositPercent: textOf(form, "depositPercent") || "0",
    validUntil: textOf(form, "validUntil"),
    items: lineRowsFrom(form),
  };
}

/** Everything a proposal costs: one-off totals, recurring totals, and the deposit. */
export function proposalTotals(proposal: {
  items: LineItem[];
  discountKind: ProposalInput["discountKind"];
  discountValue: number;
  depositPercent: number;
}) {
  const totals = documentTotals(proposal.items, proposal.discountKind, proposal.discountValue);
  return { ...totals, deposit: percentOf(totals.oneOff.total, proposal.depositPercent) };
}
