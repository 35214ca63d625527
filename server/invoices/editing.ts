import { asc, eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { invoiceItems, invoiceRevisions, invoices } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import type { InvoiceInput } from "#shared/business/invoice-form.ts";
import { computeTotals, formatMoney } from "#shared/money.ts";
import { nextInvoiceNumber } from "./numbering";
import { audit, lockInvoice, settledStatus } from "./records";

export type InvoiceItemInput = InvoiceInput["items"][number];
export type NewInvoice = Omit<InvoiceInput, "revisionReason">;

async function writeItems(tx: Tx, invoiceId: string, items: InvoiceItemInput[]) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (!items.length) return;
  await tx.insert(invoiceItems).values(
    items.map((item, position) => ({
      invoiceId,
      position,
      description: item.description,
      quantity: item.quantity,
      unitAmount: item.unitAmount,
      taxRateBp: item.taxRateBp,
    })),
  );
}

function totalsOf(input: Pick<NewInvoice, "items" | "discountKind" | "discountValue">) {
  const totals = computeTotals(input.items, {
    kind: input.discountKind,
    value: input.discountValue,
  });
  return {
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    taxTotal: totals.tax,
    total: totals.total,
  };
}

async function ensureClient(tx: Tx, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client)
    throw new AppError("INVALID", "Choose a client that exists.", {
      fieldErrors: { clientId: ["Choose a client that exists."] },
    });
}

/** Creates an invoice inside a transaction the caller holds (acceptance uses it too). */
export async function insertInvoice(
  tx: Tx,
  {
    actor,
    input,
    status = "draft",
    kind = "standard",
    proposalId = null,
    replacesInvoiceId = null,
  }: {
    actor: Actor;
    input: NewInvoice;
    status?: "draft" | "sent";
    kind?: "standard" | "deposit";
    proposalId?: string | null;
    replacesInvoiceId?: string | null;
  },
) {
  await ensureClient(tx, input.clientId);
  const number = await nextInvoiceNumber(tx, Number(input.issueDate.slice(0, 4)));
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      clientId: input.clientId,
      projectId: input.projectId,
      proposalId,
      kind,
      status,
      currency: input.currency,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      discountKind: input.discountKind,
      discountValue: input.discountValue,
      notes: input.notes,
      replacesInvoiceId,
      sentAt: status === "sent" ? new Date() : null,
      ...totalsOf(input),
    })
    .returning();
  await writeItems(tx, invoice.id, input.items);
  await audit(tx, actor, "create", invoice.id, { number, total: invoice.total, kind });
  return invoice;
}

export async function createInvoice({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: NewInvoice;
}) {
  return db.transaction((tx) => insertInvoice(tx, { actor, input }));
}

/**
 * Changes an invoice. A draft changes freely; one the client already has
 * needs a reason and keeps its previous version as a numbered revision;
 * a paid or void one cannot change (void and reissue a void one's copy instead).
 */
export async function updateInvoice({
  db,
  actor,
  id,
  input,
  revisionReason = "",
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: NewInvoice;
  revisionReason?: string;
}) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (invoice.status === "void")
      throw new AppError("CONFLICT", `${invoice.number} is void and cannot change.`);
    if (invoice.status === "paid")
      throw new AppError(
        "CONFLICT",
        `${invoice.number} is paid and cannot change. Issue a new invoice for any difference.`,
      );
    const isIssued = invoice.status !== "draft";
    if (isIssued && !revisionReason.trim())
      throw new AppError(
        "INVALID",
        "The client already has this invoice: say why it changes (the change is kept as a revision), or void and reissue it.",
        { fieldErrors: { revisionReason: ["Say why the invoice changes."] } },
      );
    if (isIssued && input.currency !== invoice.currency)
      throw new AppError(
        "INVALID",
        "The currency of a sent invoice cannot change: void and reissue it.",
        {
          fieldErrors: { currency: ["Void and reissue to change the currency."] },
        },
      );
    if (isIssued && input.clientId !== invoice.clientId)
      throw new AppError(
        "INVALID",
        "The client of a sent invoice cannot change: void and reissue it.",
        {
          fieldErrors: { clientId: ["Void and reissue to bill another client."] },
        },
      );
    await ensureClient(tx, input.clientId);
    const totals = totalsOf(input);
    if (totals.total < invoice.amountPaid)
      throw new AppError(
        "CONFLICT",
        `The new total (${formatMoney(totals.total, invoice.currency, "en")}) is below what was already paid.`,
      );
    if (isIssued) {
      const previousItems = await tx
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, id))
        .orderBy(asc(invoiceItems.position));
      await tx.insert(invoiceRevisions).values({
        invoiceId: id,
        revision: invoice.revision,
        reason: revisionReason.trim(),
        previous: { ...invoice, items: previousItems } as unknown as Record<string, unknown>,
        actorId: actor.id,
      });
    }
    const next = { ...invoice, ...totals, dueDate: input.dueDate };
    const [updated] = await tx
      .update(invoices)
      .set({
        clientId: input.clientId,
        projectId: input.projectId,
        currency: input.currency,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        discountKind: input.discountKind,
        discountValue: input.discountValue,
        notes: input.notes,
        ...totals,
        revision: isIssued ? invoice.revision + 1 : invoice.revision,
        status: isIssued ? settledStatus(next) : "draft",
        paidAt: isIssued && settledStatus(next) === "paid" ? new Date() : invoice.paidAt,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    await writeItems(tx, id, input.items);
    await audit(tx, actor, isIssued ? "revise" : "update", id, {
      number: invoice.number,
      total: totals.total,
      ...(isIssued ? { revision: updated.revision, reason: revisionReason.trim() } : {}),
    });
    return updated;
  });
}
