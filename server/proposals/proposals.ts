import { and, asc, count, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Actor } from "#server/business/actor.ts";
import { findClientOwnedPage } from "#server/business/client-list.ts";
import { addDays, todayIso } from "#server/business/dates.ts";
import type { ListQuery } from "#server/business/list-query.ts";
import { escapeHtml, mailClient, notifyStaff } from "#server/business/notify.ts";
import { createPublicId, isPublicId } from "#server/business/public-id.ts";
import { getBillingContact } from "#server/clients/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import type { invoices } from "#server/db/schema/invoices.ts";
import { projects } from "#server/db/schema/projects.ts";
import {
  type ProposalSnapshot,
  type ProposalStatus,
  proposalItems,
  proposals,
} from "#server/db/schema/proposals.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { insertInvoice } from "#server/invoices/invoices.ts";
import { createProjectRecord } from "#server/projects/projects.ts";
import { type ProposalInput, proposalTotals } from "#shared/business/proposal-form.ts";
import { formatMoney } from "#shared/money.ts";

export type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

/** States in which the client holds the proposal and may still answer. */
const ANSWERABLE: ProposalStatus[] = ["sent", "viewed"];
/** States staff may still edit. */
const EDITABLE: ProposalStatus[] = ["draft", "sent", "viewed"];

function audit(tx: Tx | Db, actor: Actor, action: string, recordId: string, detail = {}) {
  return recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: "proposals",
    recordId,
    detail,
  });
}

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

async function lockProposal(tx: Tx, where: SQL) {
  const [proposal] = await tx.select().from(proposals).where(where).for("update");
  if (!proposal) throw new AppError("NOT_FOUND", "That proposal no longer exists.");
  return proposal;
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

export async function getProposal({ db, id }: { db: Db | Tx; id: string }) {
  const [proposal] = await db.select().from(proposals).where(eq(proposals.id, id));
  if (!proposal) return undefined;
  return withDetails(db, proposal);
}

async function withDetails(db: Db | Tx, proposal: typeof proposals.$inferSelect) {
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

export function proposalUrl(env: Pick<Env, "PUBLIC_URL">, publicId: string) {
  return `${env.PUBLIC_URL}/proposal/${publicId}`;
}

/** Is it past its valid-until day (the last day it can be accepted)? */
export function isPastValidity(proposal: { validUntil: string }, today = todayIso()) {
  return proposal.validUntil < today;
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
        "Frontier",
      ].join("\n"),
      html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Our proposal <strong>${escapeHtml(proposal.title)}</strong> is ready for you to read:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>You can accept or decline it on that page until ${escapeHtml(proposal.validUntil)}. A PDF copy is attached.</p><p>Frontier</p>`,
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
    const [viewed] = await db
      .update(proposals)
      .set({ status: "viewed", firstViewedAt: new Date() })
      .where(and(eq(proposals.id, proposal.id), isNull(proposals.firstViewedAt)))
      .returning();
    if (viewed) {
      proposal = viewed;
      await audit(db, { id: null, address }, "view", proposal.id);
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

export function snapshotOf(proposal: FullProposal): ProposalSnapshot {
  const totals = proposalTotals(proposal);
  return {
    title: proposal.title,
    clientCompany: proposal.client.company,
    currency: proposal.currency,
    sections: {
      scope: proposal.scope,
      approach: proposal.approach,
      timeline: proposal.timeline,
      terms: proposal.terms,
    },
    items: proposal.items.map(
      ({ description, quantity, unitAmount, taxRateBp, kind, interval }) => ({
        description,
        quantity,
        unitAmount,
        taxRateBp,
        kind,
        interval,
      }),
    ),
    discountKind: proposal.discountKind,
    discountValue: proposal.discountValue,
    depositPercent: proposal.depositPercent,
    validUntil: proposal.validUntil,
    totals: {
      subtotal: totals.oneOff.subtotal,
      discount: totals.oneOff.discount,
      tax: totals.oneOff.tax,
      total: totals.oneOff.total,
      deposit: totals.deposit,
    },
  };
}

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
        firstViewedAt: locked.firstViewedAt ?? acceptedAt,
        updatedAt: acceptedAt,
      })
      .where(eq(proposals.id, locked.id))
      .returning();
    const actor: Actor = { id: null, email: null, address };
    await audit(tx, actor, "accept", proposal.id, { name });
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
    lines.push("", "Frontier");
    await mailClient(
      { db, env },
      {
        to: contact.email,
        subject: `Welcome aboard: ${proposal.title}`,
        text: lines.join("\n"),
        html: `<p>Hello ${escapeHtml(contact.name)},</p><p>Thank you for accepting <strong>${escapeHtml(proposal.title)}</strong>. To get started, please tell us about your company, goals and brand here:</p><p><a href="${escapeHtml(onboardingLink)}">${escapeHtml(onboardingLink)}</a></p>${deposit ? `<p>The deposit invoice ${escapeHtml(deposit.number)} follows in a separate mail.</p>` : ""}<p>Frontier</p>`,
      },
    );
    if (deposit) {
      const { getInvoice, mailInvoice } = await import("#server/invoices/invoices.ts");
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
  today = todayIso(),
}: {
  db: Db;
  env: MailEnv;
  publicId: string;
  reason?: string;
  address: string;
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
    await audit(tx, { id: null, address }, "decline", updated.id, { reason: trimmed });
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
    sortColumn: {
      title: sql`lower(${proposals.title})`,
      createdAt: proposals.createdAt,
      validUntil: proposals.validUntil,
      total: proposals.total,
      status: proposals.status,
      company: sql`lower(${clients.company})`,
    }[query.sort],
    query,
    clientId,
    conditions: status ? [eq(proposals.status, status)] : [],
  });
}
