import { asc, desc, eq, inArray } from "drizzle-orm";
import { findClientOwnedPage } from "#server/business/client-list.ts";
import type { ListQuery, ListResult } from "#server/business/list-query.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  type InvoiceStatus,
  invoiceItems,
  invoiceRevisions,
  invoices,
  payments,
} from "#server/db/schema/invoices.ts";
import { invoiceStatusLabel } from "#shared/business/labels.ts";
import { OPEN_STATES } from "./records";

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
    sortColumns: {
      number: invoices.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
      status: invoices.status,
    },
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

export function invoiceStatusText(status: InvoiceStatus) {
  return invoiceStatusLabel[status];
}
