import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { subscribers } from "#server/db/schema/content.ts";
import { payments } from "#server/db/schema/invoices.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { recordPayment } from "#server/invoices/payments.ts";
import { acceptProposal } from "#server/proposals/acceptance.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import {
  mailEnv,
  makeClient,
  makeProposal,
  makeSentInvoice,
  staff,
} from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getDashboardFigures, lastTwelveMonths, RECENT_SUBSCRIBERS_EXACT_UP_TO } from "./dashboard";

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
    const invoice = await makeSentInvoice(db, client.id, {
      currency: "CHF",
      issueDate: today,
      dueDate: "2999-01-01",
    });
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

  it("keeps each month's payments in the rollup as payments are added, moved, changed and removed", async () => {
    const { db } = get();
    const client = await makeClient(db, { currency: "SEK" });
    const invoice = await makeSentInvoice(db, client.id, {
      currency: "SEK",
      issueDate: "2026-01-10",
      dueDate: "2999-01-01",
    });
    // The rollup, and the same figures summed from the payments themselves.
    const rollup = async () =>
      (
        await db.execute(sql`select to_char(month, 'YYYY-MM-DD') as month, currency, amount::float8 as amount, payments
          from payment_months where currency in ('SEK', 'NOK') order by 1, 2`)
      ).rows;
    const summed = async () =>
      (
        await db.execute(sql`select to_char(date_trunc('month', paid_on::timestamp), 'YYYY-MM-DD') as month, currency,
          sum(amount)::float8 as amount, count(*)::int as payments
          from payments where currency in ('SEK', 'NOK') group by 1, 2 order by 1, 2`)
      ).rows;
    for (const [amount, paidOn] of [
      [10_000, "2026-01-31"],
      [20_000, "2026-02-01"],
      [30_000, "2026-02-28"],
    ] as const)
      await recordPayment({
        db,
        actor: staff,
        invoiceId: invoice.id,
        amount,
        paidOn,
        method: "card",
      });
    expect(await rollup()).toEqual([
      { month: "2026-01-01", currency: "SEK", amount: 10_000, payments: 1 },
      { month: "2026-02-01", currency: "SEK", amount: 50_000, payments: 2 },
    ]);
    // Several rows in one statement: moved to another month, their amounts changed.
    await db
      .update(payments)
      .set({ paidOn: sql`${payments.paidOn} + 31`, amount: sql`${payments.amount} + 1` })
      .where(eq(payments.invoiceId, invoice.id));
    expect(await rollup()).toEqual(await summed());
    // Another currency, then every payment of a month removed: the month goes.
    await db.update(payments).set({ currency: "NOK" }).where(eq(payments.amount, 10_001));
    expect(await rollup()).toEqual(await summed());
    await db
      .delete(payments)
      .where(sql`${payments.invoiceId} = ${invoice.id} and ${payments.currency} = 'SEK'`);
    expect(await rollup()).toEqual(await summed());
    expect((await rollup()).map((row) => row.currency)).toEqual(["NOK"]);
  });

  it("counts the proposals sent in the last 90 days, and only those", async () => {
    const { db } = get();
    const today = new Date().toISOString().slice(0, 10);
    const client = await makeClient(db);
    const before = await getDashboardFigures({ db, today });
    const recent = await makeProposal(db, client.id);
    const old = await makeProposal(db, client.id);
    await db
      .update(proposals)
      .set({ status: "accepted", sentAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(proposals.id, recent.id));
    await db
      .update(proposals)
      .set({ status: "accepted", sentAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(proposals.id, old.id));
    const after = await getDashboardFigures({ db, today });
    expect(after.proposals.sent).toBe(before.proposals.sent + 1);
    expect(after.proposals.accepted).toBe(before.proposals.accepted + 1);
    expect(after.proposals.open).toBe(before.proposals.open);
  });

  it("counts new subscribers exactly up to a thousand, then says about how many", async () => {
    const { db } = get();
    const today = new Date().toISOString().slice(0, 10);
    const before = await getDashboardFigures({ db, today });
    const id = randomUUID().slice(0, 8);
    const add = (count: number, from: number) =>
      db.insert(subscribers).values(
        Array.from({ length: count }, (_, index) => ({
          email: `recent-${id}-${from + index}@example.com`,
          status: "confirmed" as const,
          unsubscribeToken: `recent-${id}-${from + index}`,
        })),
      );
    await add(3, 0);
    const few = await getDashboardFigures({ db, today });
    expect(few.subscribers.recent).toBe(before.subscribers.recent + 3);
    expect(few.subscribers.recentIsEstimate).toBe(false);
    await add(2 * RECENT_SUBSCRIBERS_EXACT_UP_TO + 500, 3);
    await db.execute(sql`analyze subscribers`);
    const many = await getDashboardFigures({ db, today });
    expect(many.subscribers.recentIsEstimate).toBe(true);
    expect(many.subscribers.recent).toBeGreaterThan(RECENT_SUBSCRIBERS_EXACT_UP_TO);
  });
});
