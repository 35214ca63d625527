import { and, inArray, lt } from "drizzle-orm";
import { invoiceOut } from "#server/api/business.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { audit } from "./records";

/** The daily job: open invoices past their due date become overdue. Returns how many changed. */
export async function markOverdueInvoices({ db, today = todayIso() }: { db: Db; today?: string }) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(invoices)
      .set({ status: "overdue", updatedAt: new Date() })
      .where(and(inArray(invoices.status, ["sent", "partially_paid"]), lt(invoices.dueDate, today)))
      .returning();
    for (const invoice of changed) {
      await audit(tx, { id: null }, "mark-overdue", invoice.id, { number: invoice.number });
      await emitWebhookEvent(tx, { type: "invoice.overdue", data: invoiceOut(invoice) });
    }
    return changed.length;
  });
}
