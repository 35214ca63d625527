import { sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { type PortalViewKind, portalViews } from "#server/db/schema/portal.ts";
import type { PortalViewer } from "./session";

/** The audit area of everything a contact does in the portal; the client timeline reads it. */
export const PORTAL_AUDIT_AREA = "portal";

export type PortalAction =
  | "sign-in"
  | "sign-out"
  | "proposal-viewed"
  | "proposal-accepted"
  | "proposal-declined"
  | "proposal-downloaded"
  | "invoice-viewed"
  | "invoice-downloaded"
  | "statement-downloaded"
  | "onboarding-saved"
  | "onboarding-submitted"
  | "file-uploaded"
  | "file-downloaded"
  | "message-sent";

/**
 * Records what a contact did: one audit row in the portal area, keyed by the client
 * (`recordId`), with a sentence the client timeline shows as it is.
 */
export async function recordPortalEvent(
  db: Db | Tx,
  {
    viewer,
    address,
    action,
    summary,
    detail = {},
  }: {
    viewer: Pick<PortalViewer, "contactId" | "clientId" | "email" | "name">;
    address?: string;
    action: PortalAction;
    /** What happened, in words: "Ada opened invoice INV-2026-0004". */
    summary: string;
    /** Ids of what it happened to (never tokens). */
    detail?: Record<string, unknown>;
  },
) {
  await recordAudit(db, {
    actorId: null,
    actorEmail: viewer.email,
    address: address ?? null,
    action,
    area: PORTAL_AUDIT_AREA,
    recordId: viewer.clientId,
    detail: { ...detail, contactId: viewer.contactId, summary: summary.slice(0, 300) },
  });
}

/**
 * Counts a contact opening a document; true the first time this contact opens it
 * (only that first view becomes an event, so reloads and live updates add nothing).
 */
export async function markViewed(
  db: Db | Tx,
  { contactId, kind, recordId }: { contactId: string; kind: PortalViewKind; recordId: string },
) {
  const [row] = await db
    .insert(portalViews)
    .values({ contactId, kind, recordId })
    .onConflictDoUpdate({
      target: [portalViews.contactId, portalViews.kind, portalViews.recordId],
      set: { lastViewedAt: new Date(), views: sql`${portalViews.views} + 1` },
    })
    // xmax is 0 on a row this statement inserted, not on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return Boolean(row?.inserted);
}
