import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { escapeHtml } from "#server/business/notify.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { portalAccess, portalLinks, portalSessions } from "#server/db/schema/portal.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import { PORTAL_AUDIT_AREA } from "./activity";
import { createInvitationLink, portalLinkUrl } from "./links";

// Staff decide who may use the portal: an invitation grants access to one contact and
// mails them a link; revoking ends their sessions and unused links at once.

type MailEnv = Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "MAIL_FROM">;

async function findContact(db: Db | Tx, clientId: string, contactId: string) {
  const [contact] = await db
    .select({
      id: clientContacts.id,
      name: clientContacts.name,
      email: clientContacts.email,
      clientId: clientContacts.clientId,
      company: clients.company,
    })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .where(and(eq(clientContacts.id, contactId), eq(clientContacts.clientId, clientId)));
  if (!contact) throw new AppError("NOT_FOUND", "That contact is no longer on this client.");
  return contact;
}

function audit(
  db: Db | Tx,
  actor: Actor,
  action: string,
  contact: { id: string; clientId: string; email: string },
  summary: string,
) {
  return recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: PORTAL_AUDIT_AREA,
    recordId: contact.clientId,
    detail: { contactId: contact.id, email: contact.email, summary },
  });
}

/** Grants a contact access (again, if it was revoked) and mails them an invitation link. */
export async function inviteContact({
  db,
  env,
  actor,
  clientId,
  contactId,
}: {
  db: Db;
  env: MailEnv;
  actor: Actor;
  clientId: string;
  contactId: string;
}) {
  const { contact, token } = await db.transaction(async (tx) => {
    const contact = await findContact(tx, clientId, contactId);
    const now = new Date();
    await tx
      .insert(portalAccess)
      .values({ contactId, clientId, invitedAt: now, invitedBy: actor.email ?? null })
      .onConflictDoUpdate({
        target: portalAccess.contactId,
        set: { invitedAt: now, invitedBy: actor.email ?? null, revokedAt: null, revokedBy: null },
      });
    const token = await createInvitationLink(tx, contactId);
    await audit(tx, actor, "invite", contact, `Portal invitation sent to ${contact.name}`);
    return { contact, token };
  });
  const url = portalLinkUrl(env, token);
  try {
    await mailInvitation({ db, env }, contact, url);
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    throw new AppError(
      "UNAVAILABLE",
      `${contact.name} has portal access, but the invitation could not be mailed (${error.message}). Try "Send a new invitation" again later.`,
    );
  }
  return contact;
}

async function mailInvitation(
  { db, env }: { db: Db; env: MailEnv },
  contact: { name: string; email: string; company: string },
  url: string,
) {
  const intro = `${contact.company} now has a client portal at Frontier: your proposals, projects, files and invoices in one place.`;
  await sendMail(
    { db, env },
    {
      to: contact.email,
      subject: "Your Frontier client portal",
      text: [
        `Hello ${contact.name},`,
        "",
        intro,
        "Sign in with the link below. It works once, within 72 hours; after that, ask for a new link at any time on the sign-in page with this email address.",
        "",
        url,
        "",
        `${env.PUBLIC_URL}/portal/sign-in`,
      ].join("\n"),
      html: `<p>Hello ${escapeHtml(contact.name)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">Sign in to the portal</a></p><p>The link works once, within 72 hours; after that, ask for a new link at any time on <a href="${escapeHtml(`${env.PUBLIC_URL}/portal/sign-in`)}">the sign-in page</a> with this email address.</p>`,
    },
  );
}

/** Ends a contact's access: open sessions and unused links stop working now. */
export async function revokeContact({
  db,
  actor,
  clientId,
  contactId,
}: {
  db: Db;
  actor: Actor;
  clientId: string;
  contactId: string;
}) {
  return db.transaction(async (tx) => {
    const contact = await findContact(tx, clientId, contactId);
    const [revoked] = await tx
      .update(portalAccess)
      .set({ revokedAt: new Date(), revokedBy: actor.email ?? null })
      .where(and(eq(portalAccess.contactId, contactId), isNull(portalAccess.revokedAt)))
      .returning({ contactId: portalAccess.contactId });
    if (!revoked) throw new AppError("CONFLICT", `${contact.name} has no portal access to revoke.`);
    await tx.delete(portalSessions).where(eq(portalSessions.contactId, contactId));
    await tx
      .update(portalLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(portalLinks.contactId, contactId), isNull(portalLinks.usedAt)));
    await audit(tx, actor, "revoke", contact, `Portal access of ${contact.name} revoked`);
    return contact;
  });
}

export type PortalAccessState = "none" | "invited" | "active" | "revoked";

/** Each contact of a client with their portal access, for the client page. */
export async function listPortalAccess({ db, clientId }: { db: Db; clientId: string }) {
  const rows = await db
    .select({
      contactId: clientContacts.id,
      name: clientContacts.name,
      email: clientContacts.email,
      invitedAt: portalAccess.invitedAt,
      revokedAt: portalAccess.revokedAt,
      lastSignInAt: portalAccess.lastSignInAt,
    })
    .from(clientContacts)
    .leftJoin(portalAccess, eq(portalAccess.contactId, clientContacts.id))
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(asc(clientContacts.position));
  const sessions = await db
    .select({ contactId: portalSessions.contactId, open: count() })
    .from(portalSessions)
    .where(and(eq(portalSessions.clientId, clientId), gt(portalSessions.expiresAt, new Date())))
    .groupBy(portalSessions.contactId);
  const openByContact = new Map(sessions.map((row) => [row.contactId, row.open]));
  return rows.map((row) => {
    const state: PortalAccessState = !row.invitedAt
      ? "none"
      : row.revokedAt
        ? "revoked"
        : row.lastSignInAt
          ? "active"
          : "invited";
    return { ...row, state, openSessions: openByContact.get(row.contactId) ?? 0 };
  });
}

/** What the client has opened: first views of the proposals and invoices they were sent. */
export async function listSeenDocuments({ db, clientId }: { db: Db; clientId: string }) {
  const [proposalRows, invoiceRows] = await Promise.all([
    db
      .select({
        id: proposals.id,
        title: proposals.title,
        status: proposals.status,
        firstViewedAt: proposals.firstViewedAt,
      })
      .from(proposals)
      .where(and(eq(proposals.clientId, clientId), ne(proposals.status, "draft")))
      .orderBy(desc(proposals.createdAt))
      .limit(20),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        firstViewedAt: invoices.firstViewedAt,
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, clientId), isNotNull(invoices.sentAt)))
      .orderBy(desc(invoices.issueDate), desc(invoices.number))
      .limit(20),
  ]);
  return { proposals: proposalRows, invoices: invoiceRows };
}
