import { expect, it } from "vitest";
import { createInvoice } from "#server/invoices/editing.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { acceptProposal } from "#server/proposals/acceptance.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { invoiceInput, mailEnv, makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getDashboardFigures, lastTwelveMonths } from "./dashboard";

it("counts twelve months back from today's", () => {
  const months = lastTwelveMonths("2026-03-15");
  expect(months[0]).toBe("2025-04");
  expect(months[11]).toBe("2026-03");
});

describeEachDatabase("dashboard", (get) => {
  it("moves with receivables, payments and proposals", async () => {
    const { db } = get();
    const today = new Date().toISOString().slice(0, 10);
    const before = await getDashboardFigures({ db, today });
    const client = await makeClient(db, { currency: "CHF" });
    const invoice = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(client.id, { currency: "CHF", issueDate: today, dueDate: "2999-01-01" }),
    });
    await sendInvoice({ db, env: mailEnv, actor: staff, id: invoice.id });
    await recordPayment({
      db,
      actor: staff,
      invoiceId: invoice.id,
      amount: 40_000,
      paidOn: today,
      method: "card",
    });
    const proposal = await makeProposal(db, client.id);
    await sendProposal({ db, env: mailEnv, actor: staff, id: proposal.id });
    await acceptProposal({
      db,
      env: mailEnv,
      publicId: proposal.publicId,
      fullName: "Ada",
      hasAgreed: true,
      address: "x",
    });

    const after = await getDashboardFigures({ db, today });
    const chf = after.outstanding.find((row) => row.currency === "CHF");
    expect(chf?.amount).toBe(144_000 - 40_000);
    const revenue = after.revenue.find((row) => row.currency === "CHF");
    expect(revenue?.months[11].amount).toBe(40_000);
    expect(after.proposals.sent).toBe(before.proposals.sent + 1);
    expect(after.proposals.accepted).toBe(before.proposals.accepted + 1);
    expect(after.proposals.winRate).toBeGreaterThan(0);
  });
});
