import { and, count, eq, inArray, lt } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { todayIso } from "#server/business/dates.ts";
import { escapeHtml, mailClient } from "#server/business/notify.ts";
import { portalMention } from "#server/business/portal-mention.ts";
import { getBillingContact } from "#server/clients/clients.ts";
import type { Db } from "#server/db/client.ts";
import { proposalItems, proposals } from "#server/db/schema/proposals.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { getProposal } from "./queries";
import { ANSWERABLE, audit, EDITABLE, isPastValidity, lockProposal, type MailEnv } from "./records";

export function proposalUrl(env: Pick<Env, "PUBLIC_URL">, publicId: string) {
  return `${env.PUBLIC_URL}/proposal/${publicId}`;
}

/** Sends (or sends again) the client the link to the proposal, with its PDF. */
export async function sendProposal({
  db,
  env,
  actor,
  id,
  today = todayIso(),
}: {
  db: Db;
  env: MailEnv;
  actor: Actor;
  id: string;
  today?: string;
}) {
  const { proposal, contact } = await db.transaction(async (tx) => {
    const locked = await lockProposal(tx, eq(proposals.id, id));
    if (!EDITABLE.includes(locked.status))
      throw new AppError("CONFLICT", `This proposal is ${locked.status} and cannot be sent.`);
    if (isPastValidity(locked, today))
      throw new AppError(
        "CONFLICT",
        "The valid-until date has passed: move it later before sending.",
      );
    const [{ items }] = await tx
      .select({ items: count() })
      .from(proposalItems)
      .where(eq(proposalItems.proposalId, id));
    if (!items) throw new AppError("CONFLICT", "Add at least one priced item before sending.");
    const contact = await getBillingContact({ db: tx, clientId: locked.clientId });
    if (!contact)
      throw new AppError("CONFLICT", "Add a contact with an email address to the client first.");
    const [updated] = await tx
      .update(proposals)
      .set({
        status: locked.status === "viewed" ? "viewed" : "sent",
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(proposals.id, id))
      .returning();
    await audit(tx, actor, locked.status === "draft" ? "send" : "resend", id, {
      to: contact.email,
    });
    return { proposal: updated, contact };
  });
  const full = (await getProposal({ db, id: proposal.id }))!;
  const { renderProposalPdf } = await import("./pdf");
  const pdf = await renderProposalPdf(full);
  const link = proposalUrl(env, proposal.publicId);
  const portal = await portalMention({ db, env, contactId: contact.id });
  const isDelivered = await mailClient(
    { db, env },
    {
      to: contact.email,
      subject: `Proposal: ${proposal.title}`,
      text: [
        `Hello ${contact.name},`,
        "",
        `Our proposal "${proposal.title}" is ready for you to read:`,
        link,
        "",
        `You can accept or decline it on that page until ${proposal.validUntil}. A PDF copy is attached.`,
        "",
        ...(portal.text ? [portal.text] : []),
        "Frontier",
      ].join("\n"),
      html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Our proposal <strong>${escapeHtml(proposal.title)}</strong> is ready for you to read:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>You can accept or decline it on that page until ${escapeHtml(proposal.validUntil)}. A PDF copy is attached.</p>${portal.html}<p>Frontier</p>`,
      attachments: [
        {
          filename: `proposal-${slugOf(proposal.title)}.pdf`,
          content: pdf,
          contentType: "application/pdf",
        },
      ],
    },
  );
  if (!isDelivered)
    throw new AppError(
      "UNAVAILABLE",
      "The proposal is marked sent, but the mail could not be delivered. Try sending it again.",
    );
  return full;
}

function slugOf(text: string) {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "proposal"
  );
}

/** Takes a sent proposal back: its link then says so and it cannot be accepted. */
export async function withdrawProposal({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, eq(proposals.id, id));
    if (!ANSWERABLE.includes(proposal.status) && proposal.status !== "draft")
      throw new AppError(
        "CONFLICT",
        `This proposal is ${proposal.status} and cannot be withdrawn.`,
      );
    const [updated] = await tx
      .update(proposals)
      .set({ status: "withdrawn", withdrawnAt: new Date(), updatedAt: new Date() })
      .where(eq(proposals.id, id))
      .returning();
    await audit(tx, actor, "withdraw", id);
    return updated;
  });
}

/** The daily job: answerable proposals past their valid-until day become expired. */
export async function expireProposals({ db, today = todayIso() }: { db: Db; today?: string }) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(proposals)
      .set({ status: "expired", updatedAt: new Date() })
      .where(and(inArray(proposals.status, ANSWERABLE), lt(proposals.validUntil, today)))
      .returning({ id: proposals.id });
    for (const proposal of changed) await audit(tx, { id: null }, "expire", proposal.id);
    return changed.length;
  });
}
