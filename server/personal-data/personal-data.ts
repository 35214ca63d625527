import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { leadTouchpoints } from "#server/db/schema/analytics.ts";
import { campaignDeliveries } from "#server/db/schema/campaigns.ts";
import { chatConversations, chatMessages } from "#server/db/schema/chat.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { comments, insights, subscribers } from "#server/db/schema/content.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { portalMessages } from "#server/db/schema/messages.ts";
import { dataExportLinks } from "#server/db/schema/personal-data.ts";
import {
  portalAccess,
  portalLinks,
  portalSessions,
  portalSignInRequests,
  portalViews,
} from "#server/db/schema/portal.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { AppError } from "#server/errors.ts";

/**
 * A person's data, by their email address (decision 526): everything Frontier keeps that
 * is about them, found across leads, client contacts, subscribers, chat, comments, the
 * client portal and the pages-before-contact attached to them; given as JSON (the GDPR's
 * access right); erased on request, keeping only what the law requires (an invoice keeps
 * its number and figures, its contact anonymised; a signed proposal keeps its record).
 */

export const personalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "The email address is too long.")
  .pipe(z.email("Enter the person's email address."));

/** What the audit log keeps of the person: a hash that answers "did we handle X?" without X. */
export function emailFingerprint(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16);
}

/** An address that is no one's, for a row the law keeps after its person is erased. */
const erasedAddress = (id: string) => `erased-${id.slice(0, 8)}@erased.invalid`;

const sameEmail = (column: Parameters<typeof eq>[0], email: string) =>
  sql`lower(${column}) = ${email}`;

/** Everything kept about one address, as the person may receive it. */
export async function findPersonalData(db: Db | Tx, emailInput: string) {
  const email = personalEmailSchema.parse(emailInput);
  const leadRows = await db
    .select()
    .from(leads)
    .where(sameEmail(leads.email, email))
    .orderBy(desc(leads.createdAt));
  const contactRows = await db
    .select({ contact: clientContacts, company: clients.company })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .where(sameEmail(clientContacts.email, email));
  const contactIds = contactRows.map((row) => row.contact.id);
  const subscriberRows = await db.select().from(subscribers).where(eq(subscribers.email, email));
  const subscriberIds = subscriberRows.map((row) => row.id);
  const conversationRows = await db
    .select()
    .from(chatConversations)
    .where(sameEmail(chatConversations.visitorEmail, email));
  const conversationIds = conversationRows.map((row) => row.id);
  const messages = conversationIds.length
    ? await db
        .select({
          conversationId: chatMessages.conversationId,
          author: chatMessages.author,
          body: chatMessages.body,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(inArray(chatMessages.conversationId, conversationIds))
        .orderBy(chatMessages.conversationId, chatMessages.seq)
    : [];
  const commentRows = await db
    .select({
      id: comments.id,
      insight: insights.title,
      insightSlug: insights.slug,
      name: comments.name,
      body: comments.body,
      status: comments.status,
      address: comments.address,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(insights, eq(insights.id, comments.insightId))
    .where(sameEmail(comments.email, email));
  const leadIds = leadRows.map((row) => row.id);
  const touchpoints =
    leadIds.length || subscriberIds.length || conversationIds.length
      ? await db
          .select()
          .from(leadTouchpoints)
          .where(
            or(
              leadIds.length ? inArray(leadTouchpoints.leadId, leadIds) : undefined,
              subscriberIds.length
                ? inArray(leadTouchpoints.subscriberId, subscriberIds)
                : undefined,
              conversationIds.length
                ? inArray(leadTouchpoints.conversationId, conversationIds)
                : undefined,
            ),
          )
      : [];
  const access = contactIds.length
    ? await db.select().from(portalAccess).where(inArray(portalAccess.contactId, contactIds))
    : [];
  const views = contactIds.length
    ? await db.select().from(portalViews).where(inArray(portalViews.contactId, contactIds))
    : [];
  const portalWritten = contactIds.length
    ? await db
        .select({ body: portalMessages.body, createdAt: portalMessages.createdAt })
        .from(portalMessages)
        .where(inArray(portalMessages.contactId, contactIds))
    : [];
  const deliveries = await db
    .select({
      campaignId: campaignDeliveries.campaignId,
      status: campaignDeliveries.status,
      sentAt: campaignDeliveries.sentAt,
      openedAt: campaignDeliveries.openedAt,
      clickedAt: campaignDeliveries.clickedAt,
    })
    .from(campaignDeliveries)
    .where(eq(campaignDeliveries.email, email));
  const mails = await db
    .select({
      subject: mailMessages.subject,
      status: mailMessages.status,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(sameEmail(mailMessages.to, email))
    .orderBy(desc(mailMessages.createdAt))
    .limit(500);
  const clientIds = [...new Set(contactRows.map((row) => row.contact.clientId))];
  const clientInvoices = clientIds.length
    ? await db
        .select({
          number: invoices.number,
          issueDate: invoices.issueDate,
          total: invoices.total,
          currency: invoices.currency,
          status: invoices.status,
        })
        .from(invoices)
        .where(inArray(invoices.clientId, clientIds))
    : [];
  const accepted = await db
    .select({
      title: proposals.title,
      acceptedAt: proposals.acceptedAt,
      acceptedName: proposals.acceptedName,
    })
    .from(proposals)
    .where(
      and(
        isNotNull(proposals.acceptedAt),
        or(
          sameEmail(proposals.acceptedEmail, email),
          contactIds.length ? inArray(proposals.acceptedContactId, contactIds) : undefined,
        ),
      ),
    );
  return {
    email,
    leads: leadRows,
    clientContacts: contactRows.map((row) => ({ ...row.contact, company: row.company })),
    subscribers: subscriberRows.map(
      ({ confirmTokenHash: _hash, unsubscribeToken: _token, ...row }) => row,
    ),
    newsletterDeliveries: deliveries,
    chatConversations: conversationRows.map((conversation) => ({
      ...conversation,
      messages: messages.filter((message) => message.conversationId === conversation.id),
    })),
    comments: commentRows,
    portalAccess: access,
    portalViews: views,
    portalMessages: portalWritten,
    pagesBeforeContact: touchpoints,
    mails,
    /** Kept by law after an erasure: they name the person's company, not the person. */
    recordsKept: { invoices: clientInvoices, acceptedProposals: accepted },
  };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** How much was found, by kind (the search screen's summary and the audit's detail). */
export function countPersonalData(data: PersonalData) {
  return {
    leads: data.leads.length,
    clientContacts: data.clientContacts.length,
    subscribers: data.subscribers.length,
    chatConversations: data.chatConversations.length,
    comments: data.comments.length,
    portalAccess: data.portalAccess.length,
    pagesBeforeContact: data.pagesBeforeContact.length,
    mails: data.mails.length,
  };
}

export function isEmpty(data: PersonalData) {
  return (
    Object.values(countPersonalData(data)).every((count) => count === 0) &&
    data.newsletterDeliveries.length === 0
  );
}

/** Staff looked a person up: recorded with a fingerprint of the address, never the address. */
export async function recordPersonalDataAccess(
  db: Db,
  {
    actor,
    action,
    email,
    counts,
  }: { actor: Actor; action: "look-up" | "export"; email: string; counts: Record<string, number> },
) {
  await recordAudit(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: "personal-data",
    detail: { emailSha256: emailFingerprint(email), found: counts },
  });
}

/** The person's data as the JSON file they receive. */
export function personalDataJson(data: PersonalData) {
  return `${JSON.stringify({ generatedAt: new Date().toISOString(), about: "Everything Frontier keeps about this email address.", ...data }, null, 2)}\n`;
}

/**
 * Erases a person: their leads, subscriptions, chats, comments, portal access and mails go;
 * a client contact stays as an anonymous row (invoices and signed proposals of their company
 * name it), its portal messages read "[erased]". One transaction, audited without the address.
 */
export async function erasePersonalData({
  db,
  email: emailInput,
  actor,
}: {
  db: Db;
  email: string;
  actor: Actor;
}) {
  const email = personalEmailSchema.parse(emailInput);
  return db.transaction(async (tx) => {
    const data = await findPersonalData(tx, email);
    if (isEmpty(data)) throw new AppError("NOT_FOUND", "Nothing is kept about this address.");
    const contactIds = data.clientContacts.map((contact) => contact.id);
    const deleted = {
      leads: (
        await tx.delete(leads).where(sameEmail(leads.email, email)).returning({ id: leads.id })
      ).length,
      subscribers: (
        await tx
          .delete(subscribers)
          .where(eq(subscribers.email, email))
          .returning({ id: subscribers.id })
      ).length,
      chatConversations: (
        await tx
          .delete(chatConversations)
          .where(sameEmail(chatConversations.visitorEmail, email))
          .returning({ id: chatConversations.id })
      ).length,
      comments: (
        await tx
          .delete(comments)
          .where(sameEmail(comments.email, email))
          .returning({ id: comments.id })
      ).length,
      mails: (
        await tx
          .delete(mailMessages)
          .where(sameEmail(mailMessages.to, email))
          .returning({ id: mailMessages.id })
      ).length,
    };
    await tx.delete(campaignDeliveries).where(eq(campaignDeliveries.email, email));
    await tx.delete(portalSignInRequests).where(sameEmail(portalSignInRequests.email, email));
    await tx.delete(dataExportLinks).where(eq(dataExportLinks.email, email));
    if (contactIds.length) {
      await tx.delete(portalSessions).where(inArray(portalSessions.contactId, contactIds));
      await tx.delete(portalLinks).where(inArray(portalLinks.contactId, contactIds));
      await tx.delete(portalAccess).where(inArray(portalAccess.contactId, contactIds));
      await tx.delete(portalViews).where(inArray(portalViews.contactId, contactIds));
      await tx
        .update(portalMessages)
        .set({ authorName: "Erased contact", body: "[erased]" })
        .where(inArray(portalMessages.contactId, contactIds));
      for (const id of contactIds)
        await tx
          .update(clientContacts)
          .set({ name: "Erased contact", email: erasedAddress(id), phone: "", role: "" })
          .where(eq(clientContacts.id, id));
    }
    // A signed proposal is a contract: its record stays, the signer's address does not.
    await tx
      .update(proposals)
      .set({ acceptedEmail: null, acceptedAddress: null })
      .where(sameEmail(proposals.acceptedEmail, email));
    const outcome = { ...deleted, clientContactsAnonymised: contactIds.length };
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "erase",
      area: "personal-data",
      detail: {
        emailSha256: emailFingerprint(email),
        ...outcome,
        kept: {
          invoices: data.recordsKept.invoices.length,
          acceptedProposals: data.recordsKept.acceptedProposals.length,
        },
      },
    });
    return { ...outcome, kept: data.recordsKept };
  });
}
