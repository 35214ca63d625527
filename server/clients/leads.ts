import { and, eq, getTableColumns, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import {
  containsText,
  type ListQuery,
  type ListResult,
  readKeysetPage,
} from "#server/business/list-query.ts";
import type { Db } from "#server/db/client.ts";
import { leads } from "#server/db/schema/leads.ts";
import { AppError } from "#server/errors.ts";
import { createClient } from "./clients";

export type Lead = typeof leads.$inferSelect;
export type LeadStatus = Lead["status"];

export const leadSorts = ["createdAt", "name"] as const;
export type LeadSort = (typeof leadSorts)[number];

/**
 * One page of leads, newest first by default; "new" ones unless another status is asked for.
 * Deep pages by keyset on (sort, id) (`query.after`/`before`, decisions 746, 780; `page` an
 * offset for old addresses), the count cheap past 10,000.
 */
export async function findLeads({
  db,
  query,
  status,
}: {
  db: Db;
  query: ListQuery<LeadSort>;
  status?: LeadStatus | "all";
}): Promise<ListResult<Lead>> {
  const conditions: SQL[] = [];
  if (status && status !== "all") conditions.push(eq(leads.status, status));
  if (query.q) {
    conditions.push(
      or(
        containsText(leads.name, query.q),
        containsText(leads.email, query.q),
        containsText(leads.company, query.q),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sortColumn = query.sort === "name" ? leads.name : leads.createdAt;
  return readKeysetPage({
    db,
    query,
    sort: sortColumn,
    id: leads.id,
    dir: query.dir,
    where,
    count: db.select({ one: sql`1` }).from(leads).where(where),
    select: db
      .select({ ...getTableColumns(leads), sortKey: sql<string>`${sortColumn}::text` })
      .from(leads)
      .$dynamic(),
  });
}

/**
 * Turns a lead into a client in one step: the company (or the person's name
 * when they gave none), the person as primary contact, what they wrote as the
 * first note. The lead is marked converted and linked to the client.
 */
export async function convertLead({
  db,
  actor,
  leadId,
  currency = "USD",
}: {
  db: Db;
  actor: Actor;
  leadId: string;
  currency?: string;
}) {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
    if (!lead) throw new AppError("NOT_FOUND", "That lead no longer exists.");
    if (lead.status === "converted" && lead.clientId)
      throw new AppError("CONFLICT", "This lead is already a client.");
    const noteParts = [
      `Lead from the ${{ chat: "chat", api: "API", contact: "contact form" }[lead.source]} on ${lead.createdAt.toISOString().slice(0, 10)}.`,
      lead.service ? `Service: ${lead.service}` : "",
      lead.budget ? `Budget: ${lead.budget}` : "",
      lead.timeline ? `Timeline: ${lead.timeline}` : "",
    ].filter(Boolean);
    const client = await createClient({
      db,
      tx,
      actor,
      input: {
        company: lead.company?.trim() || lead.name,
        billingAddress: "",
        currency,
        taxId: "",
        notes: noteParts.join("\n"),
        contacts: [{ name: lead.name, email: lead.email, phone: "", role: "" }],
      },
    });
    await tx
      .update(leads)
      .set({ status: "converted", clientId: client.id })
      .where(eq(leads.id, leadId));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "convert",
      area: "leads",
      recordId: leadId,
      detail: { clientId: client.id },
    });
    return client;
  });
}

export async function archiveLead({ db, actor, leadId }: { db: Db; actor: Actor; leadId: string }) {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .update(leads)
      .set({ status: "archived" })
      .where(and(eq(leads.id, leadId), eq(leads.status, "new")))
      .returning({ id: leads.id });
    if (!lead) throw new AppError("CONFLICT", "Only a new lead can be archived.");
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "archive",
      area: "leads",
      recordId: leadId,
    });
  });
}
