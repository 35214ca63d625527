import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Actor } from "#server/business/actor.ts";
import { findClientOwnedPage } from "#server/business/client-list.ts";
import { todayIso } from "#server/business/dates.ts";
import type { ListQuery, ListResult } from "#server/business/list-query.ts";
import { escapeHtml, mailClient } from "#server/business/notify.ts";
import { getBillingContact } from "#server/clients/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  type InvoiceStatus,
  invoiceItems,
  invoiceRevisions,
  invoices,
  type PaymentMethod,
  payments,
} from "#server/db/schema/invoices.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import type { InvoiceInput } from "#shared/business/invoice-form.ts";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import { computeTotals, formatMoney } from "#shared/money.ts";
import { nextInvoiceNumber } from "./numbering";

export type InvoiceItemInput = InvoiceInput["items"][number];
export type NewInvoice = Omit<InvoiceInput, "revisionReason">;

/** States in which the client holds the invoice and money may arrive. */
const OPEN_STATES: InvoiceStatus[] = ["sent", "partially_paid", "overdue"];

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

function audit(tx: Tx, actor: Actor, action: string, recordId: string, detail = {}) {
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

async function lockInvoice(tx: Tx, id: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!invoice) throw new AppError("NOT_FOUND", "That invoice no longer exists.");
  return invoice;
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

export async function getInvoice({ db, id }: { db: Db | Tx; id: string }) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return undefined;
  const [items, paymentRows, revisions, [client]] = await Promise.all([
    db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(asc(invoiceItems.position)),
    db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, id))
      .orderBy(asc(payments.paidOn), asc(payments.createdAt)),
    db
      .select({
        id: invoiceRevisions.id,
        revision: invoiceRevisions.revision,
        reason: invoiceRevisions.reason,
        createdAt: invoiceRevisions.createdAt,
      })
      .from(invoiceRevisions)
      .where(eq(invoiceRevisions.invoiceId, id))
      .orderBy(desc(invoiceRevisions.revision)),
    db.select().from(clients).where(eq(clients.id, invoice.clientId)),
  ]);
  const [replacedBy] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.replacesInvoiceId, id));
  return { ...invoice, items, payments: paymentRows, revisions, client, replacedBy };
}

export type FullInvoice = NonNullable<Awaited<ReturnType<typeof getInvoice>>>;

export const invoiceSorts = [
  "number",
  "issueDate",
  "dueDate",
  "total",
  "status",
  "company",
] as const;
export type InvoiceSort = (typeof invoiceSorts)[number];

export type InvoiceRow = {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  issueDate: string;
  dueDate: string;
  total: number;
  amountPaid: number;
  clientId: string;
  company: string;
};

/** One page of invoices, searched by number or client, filtered by state or client. */
export async function findInvoices({
  db,
  query,
  status,
  clientId,
}: {
  db: Db;
  query: ListQuery<InvoiceSort>;
  status?: InvoiceStatus | "outstanding";
  clientId?: string;
}): Promise<ListResult<InvoiceRow>> {
  return findClientOwnedPage({
    db,
    table: invoices,
    fields: {
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      currency: invoices.currency,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      clientId: invoices.clientId,
      company: clients.company,
    },
    searchColumn: invoices.number,
    sortColumn: {
      number: invoices.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
      status: invoices.status,
      company: sql`lower(${clients.company})`,
    }[query.sort],
    query,
    clientId,
    conditions:
      status === "outstanding"
        ? [inArray(invoices.status, OPEN_STATES)]
        : status
          ? [eq(invoices.status, status)]
          : [],
  });
}

export type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

/** The invoice mail with its PDF; returns whether it reached the mail server (or the Outbox). */
export async function mailInvoice({
  db,
  env,
  invoice,
}: {
  db: Db;
  env: MailEnv;
  invoice: FullInvoice;
}) {
  const contact = await getBillingContact({ db, clientId: invoice.clientId });
  if (!contact) return false;
  const { renderInvoicePdf } = await import("./pdf");
  const pdf = await renderInvoicePdf(invoice);
  const amount = formatMoney(invoice.total - invoice.amountPaid, invoice.currency, "en");
  const text = [
    `Hello ${contact.name},`,
    "",
    `Please find invoice ${invoice.number} attached: ${amount} due by ${invoice.dueDate}.`,
    invoice.notes ? `\n${invoice.notes}\n` : "",
    "Thank you for working with us.",
    "Frontier",
  ].join("\n");
  return mailClient(
    { db, env },
    {
      to: contact.email,
      subject: `Invoice ${invoice.number} from Frontier`,
      text,
      html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Please find invoice <strong>${escapeHtml(invoice.number)}</strong> attached: ${escapeHtml(amount)} due by ${escapeHtml(invoice.dueDate)}.</p>${invoice.notes ? `<p>${escapeHtml(invoice.notes)}</p>` : ""}<p>Thank you for working with us.<br>Frontier</p>`,
      attachments: [
        { filename: `${invoice.number}.pdf`, content: pdf, contentType: "application/pdf" },
      ],
    },
  );
}

/** Marks a draft sent (or sends an open invoice again) and mails it with its PDF. */
export async function sendInvoice({
  db,
  env,
  actor,
  id,
}: {
  db: Db;
  env: MailEnv;
  actor: Actor;
  id: string;
}) {
  const invoice = await db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id);
    if (locked.status === "void")
      throw new AppError("CONFLICT", `${locked.number} is void and cannot be sent.`);
    if (locked.status === "paid")
      throw new AppError("CONFLICT", `${locked.number} is already paid.`);
    const contact = await getBillingContact({ db: tx, clientId: locked.clientId });
    if (!contact)
      throw new AppError("CONFLICT", "Add a contact with an email address to the client first.");
    if (locked.total <= 0)
      throw new AppError("CONFLICT", "An invoice for nothing cannot be sent: add a line.");
    const status = locked.status === "draft" ? settledStatus(locked) : locked.status;
    await tx
      .update(invoices)
      .set({ status, sentAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await audit(tx, actor, locked.status === "draft" ? "send" : "resend", id, {
      number: locked.number,
      to: contact.email,
    });
    return locked;
  });
  const full = await getInvoice({ db, id: invoice.id });
  const isDelivered = await mailInvoice({ db, env, invoice: full! });
  if (!isDelivered)
    throw new AppError(
      "UNAVAILABLE",
      `${invoice.number} is marked sent, but the mail could not be delivered. Try sending it again.`,
    );
  return full!;
}

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
    await audit(tx, actor, "record-payment", invoiceId, {
      number: invoice.number,
      amount,
      method,
      paymentId: payment.id,
    });
    return { invoice: updated, payment };
  });
}

async function voidLocked(
  tx: Tx,
  actor: Actor,
  invoice: typeof invoices.$inferSelect,
  reason: string,
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
    await voidLocked(tx, actor, invoice, reason);
    const items = await tx
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(asc(invoiceItems.position));
    const issueDate = today > invoice.issueDate ? today : invoice.issueDate;
    return insertInvoice(tx, {
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
  });
}

/** The daily job: open invoices past their due date become overdue. Returns how many changed. */
export async function markOverdueInvoices({ db, today = todayIso() }: { db: Db; today?: string }) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(invoices)
      .set({ status: "overdue", updatedAt: new Date() })
      .where(and(inArray(invoices.status, ["sent", "partially_paid"]), lt(invoices.dueDate, today)))
      .returning({ id: invoices.id, number: invoices.number });
    for (const invoice of changed)
      await audit(tx, { id: null }, "mark-overdue", invoice.id, { number: invoice.number });
    return changed.length;
  });
}

export function invoiceStatusText(status: InvoiceStatus) {
  return invoiceStatusLabel[status];
}
