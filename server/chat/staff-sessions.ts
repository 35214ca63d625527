import { eq } from "drizzle-orm";
import { checkStaffSession } from "#server/auth/guard.ts";
import { claimsOf, deriveRole, type StaffUser } from "#server/auth/roles.ts";
import { isTwoFactorRequired } from "#server/auth/two-factor-policy.ts";
import type { Database } from "#server/db/client.ts";
import { authSessions, authUsers } from "#server/db/schema/auth.ts";
import type { Env } from "#server/env.ts";
import { CHAT_CLOSE } from "#shared/chat.ts";

/**
 * Whether a staff socket's session still lets it use the chat (decision 606). The chat is
 * for admins (decision 600): any other role has no access; while the team requires
 * two-factor sign-in, an admin without it has none either (decision 216).
 */
export type StaffSessionState = "valid" | "signed-out" | "no-access" | "two-factor-required";

/** How a staff socket is closed when its session no longer holds: code, reason, and a sentence. */
export const SESSION_END_CLOSE: Record<
  Exclude<StaffSessionState, "valid">,
  [code: number, reason: string, message: string]
> = {
  "signed-out": [CHAT_CLOSE.signedOut, "signed out", "Your session has ended. Sign in again."],
  "no-access": [CHAT_CLOSE.noAccess, "no access", "Your account no longer has access to chat."],
  "two-factor-required": [
    CHAT_CLOSE.noAccess,
    "two-factor required",
    "Two-factor sign-in is required for all staff. Set it up on My account, then open the chat again.",
  ],
};

export type StaffSocketAccess =
  | { state: "valid"; staff: StaffUser; sessionId: string }
  | { state: Exclude<StaffSessionState, "valid"> };

export type StaffSessions = {
  /** Who an upgrade request (or a staff action) belongs to; counts as activity on the session. */
  authenticate(request: Request, address: string): Promise<StaffSocketAccess>;
  /** Reads the session again without touching it: one indexed query. */
  check(sessionId: string): Promise<StaffSessionState>;
};

/** A session or an account that changed; `userId: "*"` is every account (a team rule). */
export type SessionChange = { sessionId?: string; userId?: string };

export function parseSessionChange(payload: string): SessionChange | undefined {
  try {
    const change = JSON.parse(payload) as SessionChange;
    return typeof change?.userId === "string" ? change : undefined;
  } catch {
    return undefined;
  }
}

export function createStaffSessions({
  database,
  env,
}: {
  database: Database;
  env: Pick<Env, "PUBLIC_URL" | "AUTH_SECRET" | "SESSION_MAX_HOURS" | "SESSION_IDLE_MINUTES">;
}): StaffSessions {
  const { db } = database;
  return {
    async authenticate(request, address) {
      // The same check as every admin page (server/auth/guard.ts), then the chat's own rule.
      const found = await checkStaffSession({
        request,
        context: { db, env: env as Env, clientAddress: address },
      });
      if (found.state === "signed-out") return { state: "signed-out" };
      if (found.state === "two-factor-required") return { state: "two-factor-required" };
      if (found.user.role !== "admin") return { state: "no-access" };
      return { state: "valid", staff: found.user, sessionId: found.sessionId };
    },
    async check(sessionId) {
      const [row] = await db
        .select({
          expiresAt: authSessions.expiresAt,
          lastSeenAt: authSessions.lastSeenAt,
          banned: authUsers.banned,
          role: authUsers.role,
          hasTwoFactor: authUsers.twoFactorEnabled,
        })
        .from(authSessions)
        .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
        .where(eq(authSessions.id, sessionId));
      const now = Date.now();
      if (!row || row.banned || row.expiresAt.getTime() <= now) return "signed-out";
      if (now - row.lastSeenAt.getTime() > env.SESSION_IDLE_MINUTES * 60_000) return "signed-out";
      if (deriveRole(claimsOf(row)) !== "admin") return "no-access";
      if (!row.hasTwoFactor && (await isTwoFactorRequired(db))) return "two-factor-required";
      return "valid";
    },
  };
}

/** What a staff socket keeps about its session between checks. */
export type WatchedSession = {
  staff: StaffUser;
  request: Request;
  address: string;
  sessionId: string;
  checkedAt: number;
  checking?: Promise<boolean>;
  isEnded: boolean;
};

/**
 * Checks staff sockets' sessions: on each frame and delivery (a check younger than
 * `checkMs` is reused), on each heartbeat and on each session change (`force`). `onEnded`
 * closes a socket whose session no longer holds, `onError` one that could not be checked.
 */
export function createSessionWatch({
  sessions,
  checkMs,
  onEnded,
  onError,
}: {
  sessions: StaffSessions;
  checkMs: number;
  onEnded: (watched: WatchedSession, state: Exclude<StaffSessionState, "valid">) => void;
  onError: (watched: WatchedSession, error: unknown) => void;
}) {
  async function check(watched: WatchedSession, touch: boolean) {
    try {
      let state: StaffSessionState;
      if (touch) {
        const access = await sessions.authenticate(watched.request, watched.address);
        state = access.state;
        if (access.state === "valid") watched.staff = access.staff;
      } else {
        state = await sessions.check(watched.sessionId);
      }
      if (watched.isEnded) return false;
      if (state === "valid") {
        watched.checkedAt = Date.now();
        return true;
      }
      watched.isEnded = true;
      onEnded(watched, state);
      return false;
    } catch (error) {
      if (watched.isEnded) return false;
      watched.isEnded = true;
      onError(watched, error);
      return false;
    }
  }

  return {
    /**
     * Whether the session still holds. `touch` asks the full guard (a staff action counts
     * as activity on the session); `force` ignores a recent check.
     */
    ensure(watched: WatchedSession, { force = false, touch = false } = {}): Promise<boolean> {
      if (watched.isEnded) return Promise.resolve(false);
      if (touch) return check(watched, true);
      if (!force) {
        if (Date.now() - watched.checkedAt < checkMs) return Promise.resolve(true);
        if (watched.checking) return watched.checking;
      }
      const checking = check(watched, false);
      watched.checking = checking;
      void checking.finally(() => {
        if (watched.checking === checking) watched.checking = undefined;
      });
      return checking;
    },
  };
}
