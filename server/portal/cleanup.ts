import { lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { portalLinks, portalSessions, portalSignInRequests } from "#server/db/schema/portal.ts";
import { PORTAL_SESSION_IDLE_MS } from "./session";

export const PORTAL_CLEANUP_JOB = "portal.cleanup";

const DAY_MS = 24 * 3600_000;

/** Rows nothing needs any more: old link requests, spent or expired links, ended sessions. */
export async function prunePortalRecords(db: Db, now = Date.now()) {
  await db
    .delete(portalSignInRequests)
    .where(lt(portalSignInRequests.createdAt, new Date(now - DAY_MS)));
  await db.delete(portalLinks).where(lt(portalLinks.expiresAt, new Date(now - DAY_MS)));
  await db
    .delete(portalSessions)
    .where(
      or(
        lt(portalSessions.expiresAt, new Date(now)),
        lt(portalSessions.lastSeenAt, new Date(now - PORTAL_SESSION_IDLE_MS)),
      ),
    );
}
