// What the time commands share: who is acting, what they may see, the audit entry, the channel.
import { sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Role } from "#server/auth/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { timeEntries } from "#server/db/schema/time.ts";

/** The audit area of time entries, approvals, rates and imports. */
export const TIME_AUDIT_AREA = "time";
/** The NOTIFY channel that says a person's timer or entries changed; payloads carry the user id. */
export const TIME_CHANGES_CHANNEL = "time_changes";

/** Who asks: a signed-in staff member (admin or client manager) and where from. */
export type TimeViewer = { id: string; email: string; role: Role; address?: string | null };

export const isAdmin = (viewer: Pick<TimeViewer, "role">) => viewer.role === "admin";

export function actorOf(viewer: TimeViewer): Actor {
  return { id: viewer.id, email: viewer.email, address: viewer.address ?? null };
}

/**
 * The entries a viewer may see (decision 421): admins everyone's; anyone else their own and,
 * as a client manager, the time on the projects of the clients they look after.
 */
export function visibleEntries(viewer: TimeViewer) {
  if (isAdmin(viewer)) return sql`true`;
  return sql`(${timeEntries.userId} = ${viewer.id} or ${timeEntries.projectId} in (
    select p.id from projects p join client_managers m on m.client_id = p.client_id
    where m.user_id = ${viewer.id}))`;
}

export async function auditTime(
  tx: Tx | Db,
  actor: Actor,
  action: string,
  recordId: string,
  detail: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action,
    area: TIME_AUDIT_AREA,
    recordId,
    detail,
  });
}

/** Tells every instance (open timesheets and timers) that a person's time changed. */
export async function announceTimeChange(tx: Tx | Db, userId: string) {
  await tx.execute(sql`select pg_notify(${TIME_CHANGES_CHANNEL}, ${userId})`);
}

/** The viewer of a loader or action: the signed-in staff member and the request's address. */
export function timeViewerOf(
  user: { id: string; email: string; role: Role },
  address: string,
): TimeViewer {
  return { id: user.id, email: user.email, role: user.role, address };
}
