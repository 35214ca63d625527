import { and, eq, gt } from "drizzle-orm";
import { checkStaffSession, requireRole } from "#server/auth/guard.ts";
import { authSessions } from "#server/db/schema/auth.ts";
import { timeEventStream } from "#server/time/events.ts";
import type { Route } from "./+types/events";

/** Server-Sent Events of the signed-in staff member's own time: another tab's timer, entries. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, "staff");
  const found = await checkStaffSession(args);
  const sessionId = found.state === "signed-out" ? "" : found.sessionId;
  const { db } = args.context;
  return timeEventStream({
    database: args.context.database,
    userId: user.id,
    signal: args.request.signal,
    isStillSignedIn: async () =>
      (
        await db
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, new Date())))
      ).length > 0,
  });
}
