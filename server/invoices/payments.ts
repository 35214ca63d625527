import { eq } from "drizzle-orm";
import { invoiceOut } from "#server/api/business.ts";
import type { Actor } from "#server/audit/actor.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { invoices, type PaymentMethod, payments } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { formatMoney } from "#shared/money.ts";
import { audit, lockInvoice, settledStatus } from "./records";

/** Records money received. A draft is not yet billed, a void one is cancelled; neither takes payments. */
export async function recordPayment({
  db,
  actor,
  invoiceId,
  amount,
  paidOn,
  method,
  reference = "",
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  invoiceId: string;
  amount: number;
  paidOn: string;
  method: PaymentMethod;
  reference?: string;
  today?: string;
}) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.status === "void")
      throw new AppError(
        "CONFLICT",
        `${invoice.number} is void: a payment cannot be recorded against it.`,
      );
    if (invoice.status === "draft")
      throw new AppError(
        "CONFLICT",
        `${invoice.number} is still a draft: send it before recording payments.`,
      );
    if (invoice.status === "paid")
      throw new AppError("CONFLICT", `${invoice.number} is already paid in full.`);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new AppError("INVALID", "Enter an amount above zero.", {
        fieldErrors: { amount: ["Enter an amount above zero."] },
      });
    const balance = invoice.total - invoice.amountPaid;
    if (amount > balance) {
      const message = `That is more than the ${formatMoney(balance, invoice.currency, "en")} still due.`;
      throw new AppError("INVALID", message, { fieldErrors: { amount: [message] } });
    }
    if (paidOn > today)
      throw new AppError("INVALID", "A payment date cannot be in the future.", {
        fieldErrors: { paidOn: ["A payment date cannot be in the future."] },
      });
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId,
        clientId: invoice.clientId,
        amount,
        currency: invoice.currency,
        paidOn,
        method,
        reference,
      })
      .returning();
    const amountPaid = invoice.amountPaid + amount;
    const status = settledStatus({ ...invoice, amountPaid }, today);
    const [updated] = await tx
      .update(invoices)
      .set({
        amountPaid,
        status,
        paidAt: status === "paid" ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (status === "paid")
      await emitWebhookEvent(tx, { type: "invoice.paid", data: invoiceOut(updated) });
    await audit(tx, actor, "record-payment", invoiceId, {
      number: invoice.number,
      amount,
      method,
      paymentId: payment.id,
    });
    return { invoice: updated, payment };
  });
}
