import { and, eq, isNull } from "drizzle-orm";
import { proposalOut } from "#server/api/business.ts";
import { todayIso } from "#server/business/dates.ts";
import { notifyStaff } from "#server/business/notify.ts";
import { isPublicId } from "#server/business/public-id.ts";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { withDetails } from "./queries";
import { ANSWERABLE, audit, isPastValidity, type MailEnv } from "./records";
import { expireProposals } from "./sending";

/**
 * The client's page: the proposal by its public id. The first open of a sent
 * proposal records the time, moves it to viewed and tells staff. An answerable
 * proposal past its day is expired on the spot.
 */
export async function viewProposal({
  db,
  env,
  publicId,
  address,
  isPreview = false,
  today = todayIso(),
}: {
  db: Db;
  env: MailEnv;
  publicId: string;
  address?: string;
  /** A link preview (a bot) reads it without counting as the client opening it. */
  isPreview?: boolean;
  today?: string;
}) {
  if (!isPublicId(publicId)) return undefined;
  const [found] = await db.select().from(proposals).where(eq(proposals.publicId, publicId));
  if (!found || found.status === "draft") return undefined;
  let proposal = found;
  if (ANSWERABLE.includes(proposal.status) && isPastValidity(proposal, today)) {
    await expireProposals({ db, today });
    proposal = { ...proposal, status: "expired" };
  }
  if (proposal.status === "sent" && !proposal.firstViewedAt && !isPreview) {
    // The first view, its audit record and its webhook event: one write.
    const viewed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(proposals)
        .set({ status: "viewed", firstViewedAt: new Date() })
        .where(and(eq(proposals.id, proposal.id), isNull(proposals.firstViewedAt)))
        .returning();
      if (!row) return undefined;
      await audit(tx, { id: null, address }, "view", row.id);
      await emitWebhookEvent(tx, { type: "proposal.viewed", data: proposalOut(row) });
      return row;
    });
    if (viewed) {
      proposal = viewed;
      const [client] = await db
        .select({ company: clients.company })
        .from(clients)
        .where(eq(clients.id, proposal.clientId));
      await notifyStaff(
        { db, env },
        {
          subject: `Proposal opened: ${proposal.title}`,
          text: `${client?.company ?? "The client"} opened the proposal "${proposal.title}" for the first time.\n\n${env.PUBLIC_URL}/admin/proposals/edit/${proposal.id}`,
        },
      );
    }
  }
  return withDetails(db, proposal);
}
