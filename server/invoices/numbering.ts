import { sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { invoiceCounters } from "#server/db/schema/invoices.ts";

/**
 * The next invoice number of a year, INV-2026-0001. The per-year counter row
 * is bumped inside the caller's transaction: concurrent creators queue on its
 * row lock, and a rolled-back creation gives its number back, so numbers are
 * unique and gap-free.
 */
export async function nextInvoiceNumber(tx: Tx, year: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(year, row.last);
}

export function formatInvoiceNumber(year: number, sequence: number) {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}
