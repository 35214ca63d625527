import { desc, eq } from "drizzle-orm";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { projectSharedFiles } from "#server/db/schema/portal.ts";
import { projects } from "#server/db/schema/projects.ts";
import { listPortalInvoices } from "./invoices";
import { listPortalThreads } from "./messages";
import { listPortalProjects } from "./projects";
import { listPortalProposals } from "./proposals";

export type AttentionItem =
  | {
      kind: "invoice";
      id: string;
      number: string;
      dueDate: string;
      balance: number;
      currency: string;
      isOverdue: boolean;
    }
  | { kind: "proposal"; id: string; title: string; validUntil: string }
  | { kind: "onboarding"; projectId: string; projectName: string }
  | { kind: "messages"; projectId: string; projectName: string; unread: number };

const OPEN_INVOICE = new Set(["sent", "partially_paid", "overdue"]);

/**
 * The portal's first screen: what needs the client first (overdue invoices, the team's
 * unread messages, proposals to answer, onboarding to finish, invoices coming due), then their projects, recent
 * invoices and documents.
 */
export async function getPortalHome({
  db,
  clientId,
  today = todayIso(),
}: {
  db: Db;
  clientId: string;
  today?: string;
}) {
  const [proposalRows, invoiceRows, projectRows, threads, files] = await Promise.all([
    listPortalProposals({ db, clientId }),
    listPortalInvoices({ db, clientId }),
    listPortalProjects({ db, clientId }),
    listPortalThreads({ db, clientId }),
    db
      .select({
        id: projectSharedFiles.id,
        projectId: projectSharedFiles.projectId,
        projectName: projects.name,
        filename: projectSharedFiles.filename,
        size: projectSharedFiles.size,
        createdAt: projectSharedFiles.createdAt,
      })
      .from(projectSharedFiles)
      .innerJoin(projects, eq(projects.id, projectSharedFiles.projectId))
      .where(eq(projects.clientId, clientId))
      .orderBy(desc(projectSharedFiles.createdAt))
      .limit(5),
  ]);
  const openInvoices = invoiceRows
    .filter((invoice) => OPEN_INVOICE.has(invoice.status))
    .map((invoice) => ({
      kind: "invoice" as const,
      id: invoice.id,
      number: invoice.number,
      dueDate: invoice.dueDate,
      balance: invoice.total - invoice.amountPaid,
      currency: invoice.currency,
      isOverdue: invoice.status === "overdue" || invoice.dueDate < today,
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const attention: AttentionItem[] = [
    ...openInvoices.filter((invoice) => invoice.isOverdue),
    ...threads
      .filter((thread) => thread.unread > 0)
      .map((thread) => ({
        kind: "messages" as const,
        projectId: thread.projectId,
        projectName: thread.projectName,
        unread: thread.unread,
      })),
    ...proposalRows
      .filter(
        (proposal) =>
          (proposal.status === "sent" || proposal.status === "viewed") &&
          proposal.validUntil >= today,
      )
      .map((proposal) => ({
        kind: "proposal" as const,
        id: proposal.id,
        title: proposal.title,
        validUntil: proposal.validUntil,
      })),
    ...projectRows
      .filter((project) => project.onboarding === "to-do")
      .map((project) => ({
        kind: "onboarding" as const,
        projectId: project.id,
        projectName: project.name,
      })),
    ...openInvoices.filter((invoice) => !invoice.isOverdue),
  ];
  const signed = proposalRows
    .filter((proposal) => proposal.status === "accepted")
    .map((proposal) => ({
      id: proposal.id,
      title: proposal.title,
      acceptedAt: proposal.acceptedAt,
    }));
  return {
    attention,
    projects: projectRows,
    invoices: invoiceRows.slice(0, 5),
    documents: { files, signed },
  };
}
