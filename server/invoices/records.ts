// What the invoice commands share: the states money moves through, the row lock and the audit entry.
import { eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Tx } from "#server/db/client.ts";
import { type InvoiceStatus, invoices } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";

/** States in which the client holds the invoice and money may arrive. */
export const OPEN_STATES: InvoiceStatus[] = ["sent", "partially_paid", "overdue"];

/** Where a sent invoice stands from what was paid and when it is due. */
export function settledStatus(
  invoice: { total: number; amountPaid: number; dueDate: string },
  today = todayIso(),
): InvoiceStatus {
  if (invoice.amountPaid >= invoice.total) return "paid";
  if (invoice.dueDate < today) return "overdue";
  if (invoice.amountPaid > 0) return "partially_paid";
  return "sent";
}

export function audit(tx: Tx, actor: Actor, action: string, recordId: string, detail = {}) {
  return recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: "invoices",
    recordId,
    detail,
  });
}

export async function lockInvoice(tx: Tx, id: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!invoice) throw new AppError("NOT_FOUND", "That invoice no longer exists.");
  return invoice;
}
