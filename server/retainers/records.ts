import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Tx } from "#server/db/client.ts";

/** The audit area of retainer changes and issues; the client timeline reads it by client. */
export const RETAINER_AUDIT_AREA = "retainers";
/** The job that issues due periods: hourly, and queued after a change that may make one due. */
export const RETAINER_ISSUE_JOB = "retainers.issue";
/** The schedule itself, in the audit log and on the invoices it makes. */
export const SCHEDULE_ACTOR: Actor = { id: null, email: null, address: null };

/** One audit row about a retainer, carrying the client and project so the timeline finds it. */
export async function auditRetainer(
  tx: Tx,
  actor: Actor,
  action: string,
  retainer: { id: string; projectId: string },
  { clientId, summary, ...detail }: { clientId: string; summary: string } & Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: RETAINER_AUDIT_AREA,
    recordId: retainer.id,
    detail: { ...detail, clientId, projectId: retainer.projectId, summary: summary.slice(0, 300) },
  });
}
