import { eq, sql } from "drizzle-orm";
import type { AppContext } from "#server/context.ts";
import { authSessions } from "#server/db/schema/auth.ts";
import { oncePerRequest } from "#server/request-memo.ts";
import { authHeaders, getAuth } from "./auth";
import type { StaffUser } from "./roles";
import { claimsOf, deriveRole } from "./roles";
import { readSessionTwice } from "./session-read";

type Args = { request: Request; context: Pick<AppContext, "db" | "env" | "clientAddress"> };

/**
 * The NOTIFY channel a trigger announces on when a session row is deleted (sign-out,
 * disable, password change, idle) or a user's role or ban changes, whichever process did it
 * (migration 0010_session_changes); and the two-factor rule when it is switched on, as
 * `{"userId":"*"}`. Open staff sockets check their sessions again at once.
 */
export const SESSION_CHANGES_CHANNEL = "frontier_sessions";

/** Why a request has no usable session (shown on the login page). */
export type SignedOutReason = "none" | "idle" | "disabled";

// lastSeenAt is written at most this often, so reads stay cheap.
const LAST_SEEN_WRITE_MS = 60_000;

type SessionUser =
  | { user: StaffUser; sessionId: string; hasTwoFactor: boolean }
  | { user: null; reason: SignedOutReason };

/**
 * The signed-in user of this request, or why there is none. An idle session
 * or a disabled account ends the session on the spot. Looked up once per request:
 * the layout's loader and the page's loader share the answer.
 */
export function getSessionUser(args: Args): Promise<SessionUser> {
  return oncePerRequest(args, getSessionUser, () => lookUpSessionUser(args));
}

async function lookUpSessionUser({ request, context }: Args): Promise<SessionUser> {
  if (!request.headers.get("Cookie")) return { user: null, reason: "none" };
  const auth = getAuth(context);
  const { db, env } = context;
  const found = await readSessionTwice(
    () =>
      auth.api.getSession({
        headers: authHeaders(request, context.clientAddress),
        query: { disableRefresh: true },
      }),
    () => db.execute(sql`select 1`),
  );
  if (!found) return { user: null, reason: "none" };
  // Better Auth reads the session (with its lastSeenAt, declared in auth.ts) and the user
  // (with the admin plugin's banned) in its own two queries.
  const session = found.session as typeof found.session & { lastSeenAt?: Date | null };
  const user = found.user as typeof found.user & {
    role?: string | null;
    banned?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
  if (user.banned) {
    await db.delete(authSessions).where(eq(authSessions.userId, user.id));
    return { user: null, reason: "disabled" };
  }
  if (!(session.lastSeenAt instanceof Date))
    throw new Error("the session has no lastSeenAt: is it declared in auth.ts?");
  const idleMs = Date.now() - session.lastSeenAt.getTime();
  if (idleMs > env.SESSION_IDLE_MINUTES * 60_000) {
    await db.delete(authSessions).where(eq(authSessions.id, session.id));
    return { user: null, reason: "idle" };
  }
  if (idleMs > LAST_SEEN_WRITE_MS) {
    await db
      .update(authSessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(authSessions.id, session.id));
  }
  return {
    sessionId: session.id,
    hasTwoFactor: user.twoFactorEnabled === true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: deriveRole(claimsOf(user)),
    },
  };
}
