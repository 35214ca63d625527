import { asc, eq, sql } from "drizzle-orm";
import { findClientOwnedPage } from "#server/business/client-list.ts";
import type { ListQuery } from "#server/business/list-query.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { projects } from "#server/db/schema/projects.ts";
import { type ProposalStatus, proposalItems, proposals } from "#server/db/schema/proposals.ts";

export async function getProposal({ db, id }: { db: Db | Tx; id: string }) {
  const [proposal] = await db.select().from(proposals).where(eq(proposals.id, id));
  if (!proposal) return undefined;
  return withDetails(db, proposal);
}

export async function withDetails(db: Db | Tx, proposal: typeof proposals.$inferSelect) {
  const [items, [client], [project]] = await Promise.all([
    db
      .select()
      .from(proposalItems)
      .where(eq(proposalItems.proposalId, proposal.id))
      .orderBy(asc(proposalItems.position)),
    db.select().from(clients).where(eq(clients.id, proposal.clientId)),
    db
      .select({ id: projects.id, name: projects.name, onboardingId: projects.onboardingId })
      .from(projects)
      .where(eq(projects.proposalId, proposal.id)),
  ]);
  return { ...proposal, items, client, project };
}

export type FullProposal = NonNullable<Awaited<ReturnType<typeof getProposal>>>;

export const proposalSorts = [
  "title",
  "createdAt",
  "validUntil",
  "total",
  "status",
  "company",
] as const;
export type ProposalSort = (typeof proposalSorts)[number];

export async function findProposals({
  db,
  query,
  status,
  clientId,
}: {
  db: Db;
  query: ListQuery<ProposalSort>;
  status?: ProposalStatus;
  clientId?: string;
}) {
  return findClientOwnedPage({
    db,
    table: proposals,
    fields: {
      id: proposals.id,
      title: proposals.title,
      status: proposals.status,
      currency: proposals.currency,
      total: proposals.total,
      validUntil: proposals.validUntil,
      createdAt: proposals.createdAt,
      sentAt: proposals.sentAt,
      clientId: proposals.clientId,
      company: clients.company,
    },
    searchColumn: proposals.title,
    sortColumns: {
      title: sql`lower(${proposals.title})`,
      createdAt: proposals.createdAt,
      validUntil: proposals.validUntil,
      total: proposals.total,
      status: proposals.status,
    },
    query,
    clientId,
    conditions: status ? [eq(proposals.status, status)] : [],
  });
}
