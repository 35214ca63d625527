import { randomBytes } from "node:crypto";
import type { Actor } from "#server/audit/actor.ts";
import { createClient } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { createInvoice, type NewInvoice } from "#server/invoices/editing.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { createProposal } from "#server/proposals/editing.ts";
import type { ProposalInput } from "#shared/business/proposal-form.ts";

export const staff: Actor = {
  id: "staff-test",
  email: "staff@frontier.test",
  address: "127.0.0.1",
};

export const mailEnv = {
  MAIL_FROM: "Frontier <hello@frontier.test>",
  PUBLIC_URL: "http://frontier.test",
  STAFF_EMAIL: "staff@frontier.test",
};

export function uniqueSuffix() {
  return randomBytes(4).toString("hex");
}

export async function makeClient(db: Db, overrides: { currency?: string; company?: string } = {}) {
  const suffix = uniqueSuffix();
  return createClient({
    db,
    actor: staff,
    input: {
      company: overrides.company ?? `Acme ${suffix}`,
      billingAddress: "1 Main Street\nSpringfield",
      currency: overrides.currency ?? "USD",
      taxId: "",
      notes: "",
      contacts: [
        { name: "Ada Client", email: `ada-${suffix}@example.com`, phone: "", role: "CEO" },
      ],
    },
  });
}

export function proposalInput(
  clientId: string,
  overrides: Partial<ProposalInput> = {},
): ProposalInput {
  return {
    title: `Website rebuild ${uniqueSuffix()}`,
    clientId,
    scope: "## Scope\n\nA new site.",
    approach: "Iterative.",
    timeline: "Six weeks.",
    terms: "Net 14.",
    currency: "USD",
    discountKind: "none",
    discountValue: 0,
    depositPercent: 30,
    validUntil: "2999-12-31",
    items: [
      {
        description: "Design",
        quantity: 100,
        unitAmount: 500_000,
        taxRateBp: 2000,
        kind: "one_off",
        interval: null,
      },
      {
        description: "Hosting",
        quantity: 100,
        unitAmount: 10_000,
        taxRateBp: 0,
        kind: "recurring",
        interval: "month",
      },
    ],
    ...overrides,
  };
}

export async function makeProposal(
  db: Db,
  clientId: string,
  overrides: Partial<ProposalInput> = {},
) {
  return createProposal({ db, actor: staff, input: proposalInput(clientId, overrides) });
}

export function invoiceInput(clientId: string, overrides: Partial<NewInvoice> = {}): NewInvoice {
  return {
    clientId,
    projectId: null,
    currency: "USD",
    issueDate: "2026-03-01",
    dueDate: "2026-03-15",
    discountKind: "none",
    discountValue: 0,
    notes: "",
    items: [{ description: "Development", quantity: 1000, unitAmount: 12_000, taxRateBp: 2000 }],
    ...overrides,
  };
}

/** An invoice made for the client and sent, so that it is open and can take payments. */
export async function makeSentInvoice(
  db: Db,
  clientId: string,
  overrides: Partial<NewInvoice> = {},
) {
  const invoice = await createInvoice({
    db,
    actor: staff,
    input: invoiceInput(clientId, overrides),
  });
  await sendInvoice({ db, env: mailEnv, actor: staff, id: invoice.id });
  return invoice;
}
