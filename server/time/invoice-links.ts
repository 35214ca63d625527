// What an invoice's fate does to the time it billed (decision 426): voiding it frees its
// entries; reissuing moves them to the new copy. Called by server/invoices inside its transaction.
import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { timeEntries } from "#server/db/schema/time.ts";

/** The entries a voided invoice billed become unbilled again. */
export async function releaseBilledTime(tx: Tx, invoiceId: string) {
  await tx
    .update(timeEntries)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(timeEntries.invoiceId, invoiceId));
}

/** The entries of a reissued invoice are billed by its copy. */
export async function moveBilledTime(tx: Tx, fromInvoiceId: string, toInvoiceId: string) {
  await tx
    .update(timeEntries)
    .set({ invoiceId: toInvoiceId, updatedAt: new Date() })
    .where(eq(timeEntries.invoiceId, fromInvoiceId));
}
