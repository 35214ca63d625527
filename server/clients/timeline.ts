import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { invoices, payments } from "#server/db/schema/invoices.ts";
import { leads } from "#server/db/schema/leads.ts";
import { projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { PORTAL_AUDIT_AREA } from "#server/portal/activity.ts";

export type TimelineKind =
  | "message"
  | "proposal"
  | "project"
  | "invoice"
  | "payment"
  | "chat"
  | "portal";

export type TimelineEvent = {
  kind: TimelineKind;
  at: string;
  title: string;
  detail?: string;
  /** The admin screen behind the event. */
  href?: string;
  amount?: { value: number; currency: string };
};

const LIMIT = 100;

/**
 * Everything that happened with a client, newest first: messages, proposals, projects,
 * invoices, payments, chats, and what their contacts did in the client portal.
 */
export async function getClientTimeline({ db, clientId }: { db: Db; clientId: string }) {
  const [leadRows, proposalRows, projectRows, invoiceRows, paymentRows, chatRows, portalRows] =
    await Promise.all([
      db
        .select()
        .from(leads)
        .where(eq(leads.clientId, clientId))
        .orderBy(desc(leads.createdAt))
        .limit(LIMIT),
      db
        .select()
        .from(proposals)
        .where(eq(proposals.clientId, clientId))
        .orderBy(desc(proposals.createdAt))
        .limit(LIMIT),
      db
        .select()
        .from(projects)
        .where(eq(projects.clientId, clientId))
        .orderBy(desc(projects.createdAt))
        .limit(LIMIT),
      db
        .select()
        .from(invoices)
        .where(eq(invoices.clientId, clientId))
        .orderBy(desc(invoices.createdAt))
        .limit(LIMIT),
      db
        .select({
          id: payments.id,
          amount: payments.amount,
          currency: payments.currency,
          paidOn: payments.paidOn,
          method: payments.method,
          invoiceId: payments.invoiceId,
          number: invoices.number,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(eq(payments.clientId, clientId))
        .orderBy(desc(payments.paidOn))
        .limit(LIMIT),
      db
        .select()
        .from(chatConversations)
        .where(inArray(chatConversations.clientId, [clientId]))
        .orderBy(desc(chatConversations.createdAt))
        .limit(LIMIT),
      db
        .select({
          createdAt: auditEvents.createdAt,
          detail: auditEvents.detail,
          address: auditEvents.address,
        })
        .from(auditEvents)
        .where(and(eq(auditEvents.area, PORTAL_AUDIT_AREA), eq(auditEvents.recordId, clientId)))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
        .limit(LIMIT),
    ]);
  const events: TimelineEvent[] = [];
  for (const lead of leadRows)
    events.push({
      kind: "message",
      at: lead.createdAt.toISOString(),
      title: `${lead.name} wrote via the ${lead.source === "chat" ? "chat" : "contact form"}`,
      detail: lead.message,
    });
  for (const proposal of proposalRows) {
    const href = `/admin/proposals/edit/${proposal.id}`;
    events.push({
      kind: "proposal",
      at: proposal.createdAt.toISOString(),
      title: `Proposal drafted: ${proposal.title}`,
      href,
    });
    if (proposal.sentAt)
      events.push({
        kind: "proposal",
        at: proposal.sentAt.toISOString(),
        title: `Proposal sent: ${proposal.title}`,
        href,
        amount: { value: proposal.total, currency: proposal.currency },
      });
    if (proposal.firstViewedAt)
      events.push({
        kind: "proposal",
        at: proposal.firstViewedAt.toISOString(),
        title: `Proposal first opened: ${proposal.title}`,
        href,
      });
    if (proposal.acceptedAt)
      events.push({
        kind: "proposal",
        at: proposal.acceptedAt.toISOString(),
        title: `Proposal accepted by ${proposal.acceptedName}: ${proposal.title}`,
        href,
      });
    if (proposal.declinedAt)
      events.push({
        kind: "proposal",
        at: proposal.declinedAt.toISOString(),
        title: `Proposal declined: ${proposal.title}`,
        detail: proposal.declineReason ?? undefined,
        href,
      });
  }
  for (const project of projectRows) {
    const href = `/admin/projects/edit/${project.id}`;
    events.push({
      kind: "project",
      at: project.createdAt.toISOString(),
      title: `Project started: ${project.name}`,
      href,
    });
    if (project.onboardingCompletedAt)
      events.push({
        kind: "project",
        at: project.onboardingCompletedAt.toISOString(),
        title: `Onboarding completed: ${project.name}`,
        href,
      });
  }
  for (const invoice of invoiceRows) {
    const href = `/admin/invoices/edit/${invoice.id}`;
    const amount = { value: invoice.total, currency: invoice.currency };
    events.push({
      kind: "invoice",
      at: invoice.createdAt.toISOString(),
      title: `Invoice ${invoice.number} created`,
      href,
      amount,
    });
    if (invoice.sentAt)
      events.push({
        kind: "invoice",
        at: invoice.sentAt.toISOString(),
        title: `Invoice ${invoice.number} sent`,
        href,
        amount,
      });
    if (invoice.voidedAt)
      events.push({
        kind: "invoice",
        at: invoice.voidedAt.toISOString(),
        title: `Invoice ${invoice.number} voided`,
        detail: invoice.voidReason ?? undefined,
        href,
      });
  }
  for (const payment of paymentRows)
    events.push({
      kind: "payment",
      at: `${payment.paidOn}T12:00:00.000Z`,
      title: `Payment received for ${payment.number}`,
      href: `/admin/invoices/edit/${payment.invoiceId}`,
      amount: { value: payment.amount, currency: payment.currency },
    });
  for (const chat of chatRows)
    events.push({
      kind: "chat",
      at: (chat.lastMessageAt ?? chat.createdAt).toISOString(),
      title: `Chat with ${chat.visitorName ?? "a visitor"}`,
      detail: chat.lastMessagePreview ?? undefined,
      href: "/admin/chat",
    });
  for (const row of portalRows)
    events.push({
      kind: "portal",
      at: row.createdAt.toISOString(),
      title: String(row.detail.summary ?? "Portal activity"),
      detail: row.address ? `From ${row.address}` : undefined,
    });
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 200);
}
