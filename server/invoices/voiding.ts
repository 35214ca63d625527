import { asc, eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { invoiceItems, invoices } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import { moveBilledTime, releaseBilledTime } from "#server/time/invoice-links.ts";
import { insertInvoice } from "./editing";
import { audit, lockInvoice } from "./records";

async function voidLocked(
  tx: Tx,
  actor: Actor,
  invoice: typeof invoices.$inferSelect,
  reason: string,
  { isReissued = false } = {},
) {
  if (invoice.status === "void")
    throw new AppError("CONFLICT", `${invoice.number} is already void.`);
  if (invoice.amountPaid > 0)
    throw new AppError(
      "CONFLICT",
      `${invoice.number} has payments recorded against it and cannot be voided. Record a revision instead.`,
    );
  if (!reason.trim())
    throw new AppError("INVALID", "Say why the invoice is voided.", {
      fieldErrors: { reason: ["Say why the invoice is voided."] },
    });
  const [updated] = await tx
    .update(invoices)
    .set({ status: "void", voidedAt: new Date(), voidReason: reason.trim(), updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await audit(tx, actor, "void", invoice.id, { number: invoice.number, reason: reason.trim() });
  // The hours it billed can be billed again, unless its copy bills them (decision 426).
  if (!isReissued) await releaseBilledTime(tx, invoice.id);
  return updated;
}

/** Cancels an invoice for good; its number stays used (numbers never have gaps). */
export async function voidInvoice({
  db,
  actor,
  id,
  reason,
}: {
  db: Db;
  actor: Actor;
  id: string;
  reason: string;
}) {
  return db.transaction(async (tx) => voidLocked(tx, actor, await lockInvoice(tx, id), reason));
}

/** Voids an invoice and makes a new draft copy of it with the next number, in one step. */
export async function reissueInvoice({
  db,
  actor,
  id,
  reason,
  today = todayIso(),
}: {
  db: Db;
  actor: Actor;
  id: string;
  reason: string;
  today?: string;
}) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    await voidLocked(tx, actor, invoice, reason, { isReissued: true });
    const items = await tx
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(asc(invoiceItems.position));
    const issueDate = today > invoice.issueDate ? today : invoice.issueDate;
    const copy = await insertInvoice(tx, {
      actor,
      replacesInvoiceId: id,
      proposalId: invoice.proposalId,
      kind: invoice.kind,
      input: {
        clientId: invoice.clientId,
        projectId: invoice.projectId,
        currency: invoice.currency,
        issueDate,
        // biome-ignore lint/complexity/useMathMinMax: ISO date strings, not numbers
        dueDate: invoice.dueDate < issueDate ? issueDate : invoice.dueDate,
        discountKind: invoice.discountKind,
        discountValue: invoice.discountValue,
        notes: invoice.notes,
        items: items.map(({ description, quantity, unitAmount, taxRateBp }) => ({
          description,
          quantity,
          unitAmount,
          taxRateBp,
        })),
      },
    });
    // The copy carries the same lines, so it bills the same hours.
    await moveBilledTime(tx, id, copy.id);
    return copy;
  });
}
