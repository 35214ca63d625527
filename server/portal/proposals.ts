import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { acceptProposal, declineProposal } from "#server/proposals/acceptance.ts";
import { renderProposalPdf } from "#server/proposals/pdf.ts";
import { getProposal } from "#server/proposals/queries.ts";
import { viewProposal } from "#server/proposals/viewing.ts";
import { markViewed, recordPortalEvent } from "./activity";
import type { PortalViewer } from "./session";

// A client's proposals in the portal: the same proposals, states and answers as the
// mailed link (server/proposals), reached by id and only for the viewer's own client.

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

/** Every proposal the client has been sent (drafts are staff's own), newest first. */
export async function listPortalProposals({ db, clientId }: { db: Db; clientId: string }) {
  return db
    .select({
      id: proposals.id,
      title: proposals.title,
      status: proposals.status,
      currency: proposals.currency,
      total: proposals.total,
      validUntil: proposals.validUntil,
      sentAt: proposals.sentAt,
      acceptedAt: proposals.acceptedAt,
      declinedAt: proposals.declinedAt,
    })
    .from(proposals)
    .where(and(eq(proposals.clientId, clientId), ne(proposals.status, "draft")))
    .orderBy(desc(proposals.sentAt), desc(proposals.createdAt));
}

/** The proposal's public id when it is the viewer's client's and not a draft; else NOT_FOUND. */
export async function requireOwnProposal({
  db,
  viewer,
  proposalId,
}: {
  db: Db;
  viewer: Pick<PortalViewer, "clientId">;
  proposalId: string;
}) {
  if (!isUuid(proposalId)) throw new AppError("NOT_FOUND", "That proposal does not exist.");
  const [row] = await db
    .select({ publicId: proposals.publicId, title: proposals.title })
    .from(proposals)
    .where(
      and(
        eq(proposals.id, proposalId),
        eq(proposals.clientId, viewer.clientId),
        ne(proposals.status, "draft"),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", "That proposal does not exist.");
  return row;
}

/**
 * Opens a proposal in the portal: the first open of a sent one counts as the client's
 * first view (as on the link), and each contact's own first open is an event.
 */
export async function openPortalProposal({
  db,
  env,
  viewer,
  proposalId,
  address,
  isPreview = false,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  proposalId: string;
  address: string;
  isPreview?: boolean;
}) {
  const { publicId } = await requireOwnProposal({ db, viewer, proposalId });
  const proposal = await viewProposal({ db, env, publicId, address, isPreview });
  if (!proposal) throw new AppError("NOT_FOUND", "That proposal does not exist.");
  if (
    !isPreview &&
    (await markViewed(db, { contactId: viewer.contactId, kind: "proposal", recordId: proposal.id }))
  )
    await recordPortalEvent(db, {
      viewer,
      address,
      action: "proposal-viewed",
      summary: `${viewer.name} opened the proposal "${proposal.title}"`,
      detail: { proposalId: proposal.id },
    });
  return proposal;
}

/** Accepts as the signed-in contact: their typed name signs, their account is recorded too. */
export async function acceptPortalProposal({
  db,
  env,
  viewer,
  proposalId,
  fullName,
  hasAgreed,
  version,
  address,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  proposalId: string;
  fullName: string;
  hasAgreed: boolean;
  version?: string;
  address: string;
}) {
  const { publicId } = await requireOwnProposal({ db, viewer, proposalId });
  const result = await acceptProposal({
    db,
    env,
    publicId,
    fullName,
    hasAgreed,
    version,
    address,
    signer: { contactId: viewer.contactId, email: viewer.email },
  });
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "proposal-accepted",
    summary: `${viewer.name} accepted the proposal "${result.proposal.title}" in the portal`,
    detail: { proposalId, sha256: result.proposal.acceptedSnapshotSha256 },
  });
  return result;
}

export async function declinePortalProposal({
  db,
  env,
  viewer,
  proposalId,
  reason,
  address,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  proposalId: string;
  reason: string;
  address: string;
}) {
  const { publicId } = await requireOwnProposal({ db, viewer, proposalId });
  const proposal = await declineProposal({
    db,
    env,
    publicId,
    reason,
    address,
    signer: { contactId: viewer.contactId, email: viewer.email },
  });
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "proposal-declined",
    summary: `${viewer.name} declined the proposal "${proposal.title}" in the portal`,
    detail: { proposalId },
  });
  return proposal;
}

/** The proposal's PDF (with its acceptance record once accepted), for the viewer's client only. */
export async function downloadPortalProposal({
  db,
  viewer,
  proposalId,
  address,
  locale,
}: {
  db: Db;
  viewer: PortalViewer;
  proposalId: string;
  address: string;
  locale: string;
}) {
  await requireOwnProposal({ db, viewer, proposalId });
  const proposal = await getProposal({ db, id: proposalId });
  if (!proposal) throw new AppError("NOT_FOUND", "That proposal does not exist.");
  const pdf = await renderProposalPdf(proposal, locale);
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "proposal-downloaded",
    summary: `${viewer.name} downloaded the proposal "${proposal.title}"${proposal.status === "accepted" ? " (signed)" : ""}`,
    detail: { proposalId },
  });
  return { proposal, pdf };
}
