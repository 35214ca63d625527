import { eq } from "drizzle-orm";
import { invoiceOut, proposalOut } from "#server/api/business.ts";
import type { Actor } from "#server/audit/actor.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import { escapeHtml, mailClient, notifyStaff } from "#server/business/notify.ts";
import { portalMention } from "#server/business/portal-mention.ts";
import { isPublicId } from "#server/business/public-id.ts";
import { getBillingContact } from "#server/clients/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import type { clients } from "#server/db/schema/clients.ts";
import type { invoices } from "#server/db/schema/invoices.ts";
import type { projects } from "#server/db/schema/projects.ts";
import { type ProposalStatus, proposals } from "#server/db/schema/proposals.ts";
import { AppError } from "#server/errors.ts";
import { insertInvoice } from "#server/invoices/editing.ts";
import { getInvoice } from "#server/invoices/queries.ts";
import { mailInvoice } from "#server/invoices/sending.ts";
import { createProjectRecord } from "#server/projects/projects.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { formatMoney } from "#shared/money.ts";
import { withDetails } from "./queries";
import { ANSWERABLE, audit, isPastValidity, lockProposal, type MailEnv } from "./records";
import { snapshotOf, snapshotSha256 } from "./snapshot";

function answerRefusal(status: ProposalStatus) {
  switch (status) {
    case "accepted":
      return new AppError("CONFLICT", "This proposal has already been accepted.");
    case "declined":
      return new AppError("CONFLICT", "This proposal has been declined.");
    case "expired":
      return new AppError("GONE", "This proposal has expired. Please ask us for an updated one.");
    case "withdrawn":
      return new AppError(
        "GONE",
        "This proposal has been withdrawn. Please ask us for an updated one.",
      );
    default:
      return new AppError("CONFLICT", "This proposal is not open for an answer.");
  }
}

/** Loads and checks an answerable proposal by public id, inside the answering transaction. */
async function lockAnswerable(tx: Tx, publicId: string, today: string, version?: string) {
  if (!isPublicId(publicId)) throw new AppError("NOT_FOUND", "That proposal does not exist.");
  const proposal = await lockProposal(tx, eq(proposals.publicId, publicId));
  if (proposal.status === "draft") throw new AppError("NOT_FOUND", "That proposal does not exist.");
  if (ANSWERABLE.includes(proposal.status) && isPastValidity(proposal, today))
    throw answerRefusal("expired");
  if (!ANSWERABLE.includes(proposal.status)) throw answerRefusal(proposal.status);
  if (version && version !== proposal.updatedAt.toISOString())
    throw new AppError(
      "CONFLICT",
      "This proposal was updated while you were reading it. Please review it again.",
    );
  return proposal;
}

/**
 * The client accepts: their typed name, the time and their address are kept
 * with a frozen copy of what they accepted, and the work starts in the same
 * transaction: the project with its onboarding link, and the deposit invoice
 * when the proposal asks for one.
 */
export async function acceptProposal({
  db,
  env,
  publicId,
  fullName,
  hasAgreed,
  address,
  version,
  signer,
  today = todayIso(),
}: {
  db: Db;
  env: MailEnv;
  publicId: string;
  fullName: string;
  hasAgreed: boolean;
  address: string;
  /** The proposal's updatedAt the client saw; a newer one refuses. */
  version?: string;
  /** The contact signed in to the client portal who accepts (none through the mailed link). */
  signer?: { contactId: string; email: string };
  today?: string;
}) {
  const name = fullName.trim().replace(/\s+/g, " ");
  if (name.length < 2 || name.length > 200)
    throw new AppError("INVALID", "Type your full name to sign.", {
      fieldErrors: { fullName: ["Type your full name to sign."] },
    });
  if (!hasAgreed)
    throw new AppError("INVALID", "Tick the box to agree to the terms.", {
      fieldErrors: { hasAgreed: ["Tick the box to agree to the terms."] },
    });
  const result = await db.transaction(async (tx) => {
    const locked = await lockAnswerable(tx, publicId, today, version);
    const full = (await withDetails(tx, locked))!;
    const snapshot = snapshotOf(full);
    const acceptedAt = new Date();
    const [proposal] = await tx
      .update(proposals)
      .set({
        status: "accepted",
        acceptedAt,
        acceptedName: name,
        acceptedAddress: address,
        acceptedSnapshot: snapshot,
        acceptedSnapshotSha256: snapshotSha256(snapshot),
        acceptedContactId: signer?.contactId ?? null,
        acceptedEmail: signer?.email ?? null,
        firstViewedAt: locked.firstViewedAt ?? acceptedAt,
        updatedAt: acceptedAt,
      })
      .where(eq(proposals.id, locked.id))
      .returning();
    const actor: Actor = { id: null, email: signer?.email ?? null, address };
    await audit(tx, actor, "accept", proposal.id, {
      name,
      sha256: proposal.acceptedSnapshotSha256,
      ...(signer ? { contactId: signer.contactId, via: "portal" } : {}),
    });
    await emitWebhookEvent(tx, { type: "proposal.accepted", data: proposalOut(proposal) });
    const project = await createProjectRecord(tx, {
      actor,
      input: {
        name: proposal.title,
        clientId: proposal.clientId,
        proposalId: proposal.id,
        status: "onboarding",
        startDate: null,
        dueDate: null,
        budgetAmount: snapshot.totals.total,
        currency: proposal.currency,
        teamMembers: [],
        milestones: [],
      },
    });
    let deposit: typeof invoices.$inferSelect | undefined;
    if (proposal.depositPercent > 0 && snapshot.totals.deposit > 0) {
      deposit = await insertInvoice(tx, {
        actor,
        status: "sent",
        kind: "deposit",
        proposalId: proposal.id,
        input: {
          clientId: proposal.clientId,
          projectId: project.id,
          currency: proposal.currency,
          issueDate: today,
          dueDate: addDays(today, 14),
          discountKind: "none",
          discountValue: 0,
          notes: `Deposit of ${proposal.depositPercent}% on acceptance of "${proposal.title}".`,
          items: [
            {
              description: `Deposit (${proposal.depositPercent}%) for ${proposal.title}`,
              quantity: 100,
              unitAmount: snapshot.totals.deposit,
              taxRateBp: 0,
            },
          ],
        },
      });
    }
    if (deposit) await emitWebhookEvent(tx, { type: "invoice.sent", data: invoiceOut(deposit) });
    return { proposal, project, deposit, client: full.client };
  });
  await afterAcceptance({ db, env, ...result });
  return result;
}

async function afterAcceptance({
  db,
  env,
  proposal,
  project,
  deposit,
  client,
}: {
  db: Db;
  env: MailEnv;
  proposal: typeof proposals.$inferSelect;
  project: typeof projects.$inferSelect;
  deposit?: typeof invoices.$inferSelect;
  client: typeof clients.$inferSelect;
}) {
  const onboardingLink = `${env.PUBLIC_URL}/onboarding/${project.onboardingId}`;
  const contact = await getBillingContact({ db, clientId: proposal.clientId });
  if (contact) {
    const lines = [
      `Hello ${contact.name},`,
      "",
      `Thank you for accepting "${proposal.title}". To get started, please tell us about your company, goals and brand here:`,
      onboardingLink,
    ];
    if (deposit)
      lines.push(
        "",
        `The deposit invoice ${deposit.number} (${formatMoney(deposit.total, deposit.currency, "en")}) follows in a separate mail.`,
      );
    const portal = await portalMention({ db, env, contactId: contact.id });
    if (portal.text) lines.push("", portal.text.trimEnd());
    lines.push("", "Frontier");
    await mailClient(
      { db, env },
      {
        to: contact.email,
        subject: `Welcome aboard: ${proposal.title}`,
        text: lines.join("\n"),
        html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Thank you for accepting <strong>${escapeHtml(proposal.title)}</strong>. To get started, please tell us about your company, goals and brand here:</p><p><a href="${escapeHtml(onboardingLink)}">${escapeHtml(onboardingLink)}</a></p>${deposit ? `<p>The deposit invoice ${escapeHtml(deposit.number)} follows in a separate mail.</p>` : ""}${portal.html}<p>Frontier</p>`,
      },
    );
    if (deposit) {
      const full = await getInvoice({ db, id: deposit.id });
      if (full) await mailInvoice({ db, env, invoice: full });
    }
  }
  await notifyStaff(
    { db, env },
    {
      subject: `Proposal accepted: ${proposal.title}`,
      text: [
        `${proposal.acceptedName} accepted "${proposal.title}" for ${client.company}.`,
        `Project: ${env.PUBLIC_URL}/admin/projects/edit/${project.id}`,
        deposit ? `Deposit invoice: ${deposit.number}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    },
  );
}

export async function declineProposal({
  db,
  env,
  publicId,
  reason = "",
  address,
  signer,
  today = todayIso(),
}: {
  db: Db;
  env: MailEnv;
  publicId: string;
  reason?: string;
  address: string;
  /** The contact signed in to the client portal who declines. */
  signer?: { contactId: string; email: string };
  today?: string;
}) {
  const trimmed = reason.trim().slice(0, 2000);
  const proposal = await db.transaction(async (tx) => {
    const locked = await lockAnswerable(tx, publicId, today);
    const [updated] = await tx
      .update(proposals)
      .set({
        status: "declined",
        declinedAt: new Date(),
        declineReason: trimmed || null,
        firstViewedAt: locked.firstViewedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(proposals.id, locked.id))
      .returning();
    await audit(tx, { id: null, email: signer?.email ?? null, address }, "decline", updated.id, {
      reason: trimmed,
      ...(signer ? { contactId: signer.contactId, via: "portal" } : {}),
    });
    await emitWebhookEvent(tx, {
      type: "proposal.declined",
      data: { ...proposalOut(updated), declineReason: updated.declineReason },
    });
    return updated;
  });
  await notifyStaff(
    { db, env },
    {
      subject: `Proposal declined: ${proposal.title}`,
      text: `The client declined "${proposal.title}".${trimmed ? `\n\nTheir reason: ${trimmed}` : ""}\n\n${env.PUBLIC_URL}/admin/proposals/edit/${proposal.id}`,
    },
  );
  return proposal;
}
