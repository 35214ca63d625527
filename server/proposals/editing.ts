import { eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { createPublicId } from "#server/business/public-id.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { proposalItems, proposals } from "#server/db/schema/proposals.ts";
import { AppError } from "#server/errors.ts";
import { type ProposalInput, proposalTotals } from "#shared/business/proposal-form.ts";
import { audit, EDITABLE, lockProposal } from "./records";

async function writeItems(tx: Tx, proposalId: string, items: ProposalInput["items"]) {
  await tx.delete(proposalItems).where(eq(proposalItems.proposalId, proposalId));
  if (!items.length) return;
  await tx
    .insert(proposalItems)
    .values(items.map((item, position) => ({ proposalId, position, ...item })));
}

function oneOffTotal(input: ProposalInput) {
  return proposalTotals(input).oneOff.total;
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

export async function createProposal({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: ProposalInput;
}) {
  return db.transaction(async (tx) => {
    await ensureClient(tx, input.clientId);
    const [proposal] = await tx
      .insert(proposals)
      .values({
        publicId: createPublicId(),
        title: input.title,
        clientId: input.clientId,
        scope: input.scope,
        approach: input.approach,
        timeline: input.timeline,
        terms: input.terms,
        currency: input.currency,
        discountKind: input.discountKind,
        discountValue: input.discountValue,
        depositPercent: input.depositPercent,
        validUntil: input.validUntil,
        total: oneOffTotal(input),
      })
      .returning();
    await writeItems(tx, proposal.id, input.items);
    await audit(tx, actor, "create", proposal.id, { title: proposal.title });
    return proposal;
  });
}

/** Changes a proposal the client has not answered yet. */
export async function updateProposal({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: ProposalInput;
}) {
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, eq(proposals.id, id));
    if (!EDITABLE.includes(proposal.status))
      throw new AppError(
        "CONFLICT",
        `This proposal is ${proposal.status} and can no longer change.`,
      );
    await ensureClient(tx, input.clientId);
    const [updated] = await tx
      .update(proposals)
      .set({
        title: input.title,
        clientId: input.clientId,
        scope: input.scope,
        approach: input.approach,
        timeline: input.timeline,
        terms: input.terms,
        currency: input.currency,
        discountKind: input.discountKind,
        discountValue: input.discountValue,
        depositPercent: input.depositPercent,
        validUntil: input.validUntil,
        total: oneOffTotal(input),
        updatedAt: new Date(),
      })
      .where(eq(proposals.id, id))
      .returning();
    await writeItems(tx, id, input.items);
    await audit(tx, actor, "update", id, { title: updated.title });
    return updated;
  });
}
