import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { invoices, payments } from "#server/db/schema/invoices.ts";
import { leads } from "#server/db/schema/leads.ts";
import { projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { PORTAL_AUDIT_AREA } from "#server/portal/activity.ts";
import { RETAINER_AUDIT_AREA } from "#server/retainers/records.ts";

export type TimelineKind =
  | "message"
  | "proposal"
  | "project"
  | "invoice"
  | "payment"
  | "chat"
  | "portal"
  | "retainer";

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
/** Saves of the same kind by the same contact this close together are one entry. */
export const COLLAPSE_WINDOW_MS = 30 * 60_000;
/** What a contact repeats in bursts: each onboarding step saved (on every field left). */
const COLLAPSIBLE = new Set(["onboarding-saved"]);

type PortalRow = {
  createdAt: Date;
  action: string;
  detail: Record<string, unknown>;
  address: string | null;
};

/**
 * Portal rows (newest first) with runs of the same collapsible action by the same contact,
 * each within the window of the previous, folded into the run's newest row with a count.
 */
export function collapsePortalRows(rows: PortalRow[]) {
  const folded: Array<PortalRow & { times: number; firstAt: Date }> = [];
  for (const row of rows) {
    const last = folded.at(-1);
    if (
      last &&
      COLLAPSIBLE.has(row.action) &&
      last.action === row.action &&
      last.detail.contactId === row.detail.contactId &&
      last.detail.projectId === row.detail.projectId &&
      last.firstAt.getTime() - row.createdAt.getTime() <= COLLAPSE_WINDOW_MS
    ) {
      last.times += 1;
      last.firstAt = row.createdAt;
      continue;
    }
    folded.push({ ...row, times: 1, firstAt: row.createdAt });
  }
  return folded;
}

/**
 * Everything that happened with a client, newest first: messages, proposals, projects,
 * invoices, payments, chats, retainers, and what their contacts did in the client portal.
 */
export async function getClientTimeline({ db, clientId }: { db: Db; clientId: string }) {
  const [
    leadRows,
    proposalRows,
    projectRows,
    invoiceRows,
    paymentRows,
    chatRows,
    portalRows,
    retainerRows,
  ] = await Promise.all([
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
        action: auditEvents.action,
        detail: auditEvents.detail,
        address: auditEvents.address,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.area, PORTAL_AUDIT_AREA), eq(auditEvents.recordId, clientId)))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
      .limit(LIMIT * 3),
    db
      .select({ createdAt: auditEvents.createdAt, detail: auditEvents.detail })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.area, RETAINER_AUDIT_AREA),
          sql`${auditEvents.detail}->>'clientId' = ${clientId}`,
        ),
      )
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
  for (const row of collapsePortalRows(portalRows).slice(0, LIMIT))
    events.push({
      kind: "portal",
      at: row.createdAt.toISOString(),
      title:
        row.times > 1
          ? `${String(row.detail.summary ?? "Portal activity")} (and ${row.times - 1} more save${row.times > 2 ? "s" : ""} since ${row.firstAt.toISOString().slice(11, 16)} UTC)`
          : String(row.detail.summary ?? "Portal activity"),
      detail: row.address ? `From ${row.address}` : undefined,
    });
  for (const row of retainerRows)
    events.push({
      kind: "retainer",
      at: row.createdAt.toISOString(),
      title: String(row.detail.summary ?? "Retainer changed"),
      href:
        typeof row.detail.projectId === "string"
          ? `/admin/projects/edit/${row.detail.projectId}`
          : undefined,
    });
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 200);
}
