import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { renderInvoicePdf } from "#server/invoices/pdf.ts";
import { getInvoice } from "#server/invoices/queries.ts";
import { getStatement, statementCsv } from "#server/invoices/statement.ts";
import { renderStatementPdf } from "#server/invoices/statement-pdf.ts";
import { markViewed, recordPortalEvent } from "./activity";
import type { PortalViewer } from "./session";

// A client's invoices in the portal: the ones they were sent (drafts are staff's own, a
// draft voided before sending never reached them), their PDFs and statements.

const visibleToClient = and(ne(invoices.status, "draft"), isNotNull(invoices.sentAt));

export async function listPortalInvoices({ db, clientId }: { db: Db; clientId: string }) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      currency: invoices.currency,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      firstViewedAt: invoices.firstViewedAt,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), visibleToClient))
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
}

async function ownInvoice(db: Db, viewer: PortalViewer, invoiceId: string) {
  if (!isUuid(invoiceId)) throw new AppError("NOT_FOUND", "That invoice does not exist.");
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.id, invoiceId), eq(invoices.clientId, viewer.clientId), visibleToClient),
    );
  const invoice = row && (await getInvoice({ db, id: row.id }));
  if (!invoice) throw new AppError("NOT_FOUND", "That invoice does not exist.");
  return invoice;
}

/**
 * Opens an invoice: the first open by anyone of the client is kept on the invoice
 * (staff see it), and each contact's own first open is an event.
 */
export async function openPortalInvoice({
  db,
  viewer,
  invoiceId,
  address,
}: {
  db: Db;
  viewer: PortalViewer;
  invoiceId: string;
  address: string;
}) {
  const invoice = await ownInvoice(db, viewer, invoiceId);
  if (!invoice.firstViewedAt) {
    const [viewed] = await db
      .update(invoices)
      .set({ firstViewedAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), isNull(invoices.firstViewedAt)))
      .returning({ firstViewedAt: invoices.firstViewedAt });
    if (viewed) invoice.firstViewedAt = viewed.firstViewedAt;
  }
  if (await markViewed(db, { contactId: viewer.contactId, kind: "invoice", recordId: invoice.id }))
    await recordPortalEvent(db, {
      viewer,
      address,
      action: "invoice-viewed",
      summary: `${viewer.name} opened invoice ${invoice.number}`,
      detail: { invoiceId: invoice.id },
    });
  return invoice;
}

export async function downloadPortalInvoice({
  db,
  viewer,
  invoiceId,
  address,
  locale,
}: {
  db: Db;
  viewer: PortalViewer;
  invoiceId: string;
  address: string;
  locale: string;
}) {
  const invoice = await ownInvoice(db, viewer, invoiceId);
  const pdf = await renderInvoicePdf(invoice, locale);
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "invoice-downloaded",
    summary: `${viewer.name} downloaded invoice ${invoice.number}`,
    detail: { invoiceId: invoice.id },
  });
  return { invoice, pdf };
}

/** The viewer's client's statement for a period, as a PDF or CSV file. */
export async function downloadPortalStatement({
  db,
  viewer,
  from,
  to,
  format,
  address,
  locale,
}: {
  db: Db;
  viewer: PortalViewer;
  from: string;
  to: string;
  format: "pdf" | "csv";
  address: string;
  locale: string;
}) {
  const found = await getStatement({ db, clientId: viewer.clientId, from, to });
  const body =
    format === "pdf"
      ? await renderStatementPdf(found, locale)
      : Buffer.from(statementCsv(found.statement), "utf8");
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "statement-downloaded",
    summary: `${viewer.name} downloaded the statement ${from} to ${to} (${format.toUpperCase()})`,
    detail: { from, to, format },
  });
  return { body, statement: found.statement };
}
