import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { iso, isoOrNull, listPage } from "./content";
import type { ListQuery } from "./schemas";

async function clientsOut(db: Db, rows: Array<typeof clients.$inferSelect>) {
  const contacts = rows.length
    ? await db
        .select()
        .from(clientContacts)
        .where(
          inArray(
            clientContacts.clientId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(clientContacts.position), asc(clientContacts.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    company: row.company,
    currency: row.currency,
    billingAddress: row.billingAddress,
    taxId: row.taxId,
    contacts: contacts
      .filter((contact) => contact.clientId === row.id)
      .map(({ name, email, phone, role, isPrimary }) => ({ name, email, phone, role, isPrimary })),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

export function proposalOut(row: typeof proposals.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    clientId: row.clientId,
    status: row.status,
    currency: row.currency,
    total: row.total,
    depositPercent: row.depositPercent,
    validUntil: row.validUntil,
    sentAt: isoOrNull(row.sentAt),
    firstViewedAt: isoOrNull(row.firstViewedAt),
    acceptedAt: isoOrNull(row.acceptedAt),
    declinedAt: isoOrNull(row.declinedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function invoiceOut(row: typeof invoices.$inferSelect) {
  return {
    id: row.id,
    number: row.number,
    clientId: row.clientId,
    projectId: row.projectId,
    proposalId: row.proposalId,
    kind: row.kind,
    status: row.status,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    subtotal: row.subtotal,
    discountTotal: row.discountTotal,
    taxTotal: row.taxTotal,
    total: row.total,
    amountPaid: row.amountPaid,
    sentAt: isoOrNull(row.sentAt),
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function listClients({ db, query }: { db: Db; query: ListQuery }) {
  return listPage({
    db,
    table: clients,
    query,
    select: async (limit, offset, where) =>
      clientsOut(
        db,
        await db
          .select()
          .from(clients)
          .where(where)
          .orderBy(asc(clients.updatedAt), asc(clients.id))
          .limit(limit)
          .offset(offset),
      ),
  });
}

export async function getClient({ db, id }: { db: Db; id: string }) {
  const rows = await db.select().from(clients).where(eq(clients.id, id));
  return (await clientsOut(db, rows))[0];
}

export function listProposals({ db, query }: { db: Db; query: ListQuery }) {
  return listPage({
    db,
    table: proposals,
    query,
    select: async (limit, offset, where) =>
      (
        await db
          .select()
          .from(proposals)
          .where(where)
          .orderBy(asc(proposals.updatedAt), asc(proposals.id))
          .limit(limit)
          .offset(offset)
      ).map(proposalOut),
  });
}

export async function getProposal({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
  return row ? proposalOut(row) : undefined;
}

export function listInvoices({ db, query }: { db: Db; query: ListQuery }) {
  return listPage({
    db,
    table: invoices,
    query,
    select: async (limit, offset, where) =>
      (
        await db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(asc(invoices.updatedAt), asc(invoices.id))
          .limit(limit)
          .offset(offset)
      ).map(invoiceOut),
  });
}

export async function getInvoice({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ? invoiceOut(row) : undefined;
}
