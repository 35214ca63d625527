import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import {
  containsText,
  isAnyOf,
  type ListQuery,
  type ListResult,
  readKeysetPage,
} from "#server/business/list-query.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { AppError } from "#server/errors.ts";
import type { ClientFormInput } from "#shared/business/client-form.ts";

export type ClientInput = ClientFormInput;

async function insertContacts(tx: Tx, clientId: string, contacts: ClientInput["contacts"]) {
  if (!contacts.length) return;
  await tx.insert(clientContacts).values(
    contacts.map((contact, position) => ({
      clientId,
      name: contact.name,
      email: contact.email.toLowerCase(),
      phone: contact.phone,
      role: contact.role,
      isPrimary: position === 0,
      position,
    })),
  );
}

/**
 * Saves the client form's contacts. A contact whose email is still listed keeps its
 * row (and with it its portal access and sessions); the others are removed, new ones added.
 */
async function replaceContacts(tx: Tx, clientId: string, contacts: ClientInput["contacts"]) {
  const existing = await tx
    .select({ id: clientContacts.id, email: clientContacts.email })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(asc(clientContacts.position));
  const unclaimed = new Map<string, string>();
  for (const row of [...existing].reverse()) unclaimed.set(row.email.toLowerCase(), row.id);
  const added: Array<ClientInput["contacts"][number] & { position: number }> = [];
  const kept: string[] = [];
  for (const [position, contact] of contacts.entries()) {
    const email = contact.email.toLowerCase();
    const id = unclaimed.get(email);
    const values = {
      name: contact.name,
      email,
      phone: contact.phone,
      role: contact.role,
      isPrimary: position === 0,
      position,
    };
    if (!id) {
      added.push({ ...contact, position });
      continue;
    }
    unclaimed.delete(email);
    kept.push(id);
    await tx.update(clientContacts).set(values).where(eq(clientContacts.id, id));
  }
  const removed = existing.map((row) => row.id).filter((id) => !kept.includes(id));
  if (removed.length) await tx.delete(clientContacts).where(inArray(clientContacts.id, removed));
  if (!added.length) return;
  await tx.insert(clientContacts).values(
    added.map((contact) => ({
      clientId,
      name: contact.name,
      email: contact.email.toLowerCase(),
      phone: contact.phone,
      role: contact.role,
      isPrimary: contact.position === 0,
      position: contact.position,
    })),
  );
}

export async function createClient({
  db,
  actor,
  input,
  tx: outer,
}: {
  db: Db;
  actor: Actor;
  input: ClientInput;
  /** Join a transaction the caller already holds (converting a lead). */
  tx?: Tx;
}) {
  const work = async (tx: Tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        company: input.company,
        billingAddress: input.billingAddress,
        currency: input.currency,
        taxId: input.taxId,
        notes: input.notes,
      })
      .returning();
    await insertContacts(tx, client.id, input.contacts);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "create",
      area: "clients",
      recordId: client.id,
      detail: { company: client.company },
    });
    return client;
  };
  return outer ? work(outer) : db.transaction(work);
}

export async function updateClient({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: ClientInput;
}) {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .update(clients)
      .set({
        company: input.company,
        billingAddress: input.billingAddress,
        currency: input.currency,
        taxId: input.taxId,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(clients.id, id))
      .returning();
    if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
    await replaceContacts(tx, id, input.contacts);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "update",
      area: "clients",
      recordId: id,
      detail: { company: client.company },
    });
    return client;
  });
}

export async function getClient({ db, id }: { db: Db | Tx; id: string }) {
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  if (!client) return undefined;
  const contacts = await db
    .select()
    .from(clientContacts)
    .where(eq(clientContacts.clientId, id))
    .orderBy(asc(clientContacts.position));
  return { ...client, contacts };
}

/** The contact proposals and invoices go to: the primary one, else the first. */
export async function getBillingContact({ db, clientId }: { db: Db | Tx; clientId: string }) {
  const [contact] = await db
    .select()
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(sql`${clientContacts.isPrimary} desc`, asc(clientContacts.position))
    .limit(1);
  return contact;
}

export const clientSorts = ["company", "createdAt"] as const;
export type ClientSort = (typeof clientSorts)[number];

export type ClientRow = {
  id: string;
  company: string;
  currency: string;
  createdAt: Date;
  contactName: string | null;
  contactEmail: string | null;
};

/** One page of clients, searched by company or contact name/email. */
export async function findClients({
  db,
  query,
}: {
  db: Db;
  query: ListQuery<ClientSort>;
}): Promise<ListResult<ClientRow>> {
  const text = query.q;
  const where = text
    ? or(
        containsText(clients.company, text),
        // With the list's ordered index on the company, `in (subquery)` walked every client in
        // order, testing each (decision 746), so a list of the ids is written in unless the
        // contacts match most clients (decisions 732, 814).
        await isAnyOf(db, clients.id, () =>
          db
            .select({ id: clientContacts.clientId })
            .from(clientContacts)
            .where(
              or(
                containsText(clientContacts.name, text),
                containsText(clientContacts.email, text, { isOneWord: true }),
              ),
            )
            .$dynamic(),
        ),
      )
    : undefined;
  const sortColumn = query.sort === "company" ? sql`lower(${clients.company})` : clients.createdAt;
  const primary = db
    .select({
      clientId: clientContacts.clientId,
      name: clientContacts.name,
      email: clientContacts.email,
    })
    .from(clientContacts)
    .where(and(eq(clientContacts.isPrimary, true)))
    .as("primary_contact");
  return readKeysetPage({
    db,
    query,
    sort: sortColumn,
    id: clients.id,
    dir: query.dir,
    where,
    count: db.select({ one: sql`1` }).from(clients).where(where),
    select: db
      .select({
        id: clients.id,
        company: clients.company,
        currency: clients.currency,
        createdAt: clients.createdAt,
        contactName: primary.name,
        contactEmail: primary.email,
        sortKey: sql<string | null>`${sortColumn}::text`,
      })
      .from(clients)
      .leftJoin(primary, eq(primary.clientId, clients.id))
      .$dynamic(),
  });
}
