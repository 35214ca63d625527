import { isCurrencyCode } from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { rowsFrom, textOf } from "./form-data";

export const contactSchema = z.object({
  name: z.string().trim().min(1, "Enter the contact's name.").max(200),
  email: z.email("Enter a valid email address.").max(320),
  phone: z.string().trim().max(50, "Keep the phone number under 50 characters."),
  role: z.string().trim().max(100),
});

export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, "Choose a three-letter currency code such as USD or EUR.");

/** The client form: company, billing details and at least one contact (the first is primary). */
export const clientFormSchema = z.object({
  company: z.string().trim().min(1, "Enter the company name.").max(200),
  billingAddress: z.string().trim().max(1000),
  currency: currencySchema,
  taxId: z.string().trim().max(100),
  notes: z.string().trim().max(10_000),
  contacts: z.array(contactSchema).min(1, "Add at least one contact.").max(20),
});

export type ClientFormInput = z.infer<typeof clientFormSchema>;

export function clientFormValues(form: FormData) {
  return {
    company: textOf(form, "company"),
    billingAddress: textOf(form, "billingAddress"),
    currency: textOf(form, "currency"),
    taxId: textOf(form, "taxId"),
    notes: textOf(form, "notes"),
    contacts: rowsFrom(form, {
      name: "contactName",
      email: "contactEmail",
      phone: "contactPhone",
      role: "contactRole",
    }),
  };
}
