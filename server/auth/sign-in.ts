import { lt } from "drizzle-orm";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import {
  authRateLimits,
  authSessions,
  authTokens,
  authVerifications,
  signInFailures,
} from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";
import { beginAttempt, endAttempt, rateLimited, SIGN_IN_LIMITS } from "./attempts";
import { authHeaders, CLIENT_ADDRESS_HEADER, getAuth } from "./auth";
import { setCookiesOf } from "./auth-call";

export const INVALID_CREDENTIALS_MESSAGE =
  "That email and password do not match an account. Check them and try again.";
export const DISABLED_MESSAGE = "This account is disabled. Ask an admin of your team to enable it.";

type SignInContext = Pick<AppContext, "db" | "env" | "clientAddress">;

/**
 * Checks the limits, then the password through Better Auth. On success returns
 * the Set-Cookie headers of the new session (a fresh token every sign-in), or, with
 * `needsCode`, of the sign-in waiting for its two-factor code (`verifySignInCode`).
 * Every attempt is counted (atomically, `beginAttempt`) before the password is
 * checked and counts as a failure until it succeeds, so parallel guesses cannot
 * slip past the limits.
 */
export async function signIn(
  context: SignInContext,
  { email, password, request }: { email: string; password: string; request: Request },
) {
  const { db, clientAddress } = context;
  const normalized = email.trim().toLowerCase();
  const attemptId = await beginAttempt(db, { email: normalized, address: clientAddress });

  // Only what Better Auth needs to record the session: not the form's body headers or Origin.
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: clientAddress });
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const response = await getAuth(context).api.signInEmail({
    body: { email: normalized, password, rememberMe: true },
    headers,
    asResponse: true,
  });
  if (response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { twoFactorRedirect?: boolean };
    const needsCode = body.twoFactorRedirect === true;
    // The password alone never resets the limits of an account that also needs a code.
    await endAttempt(db, {
      attemptId,
      email: normalized,
      clear: needsCode ? "attempt" : "account",
    });
    return { headers: setCookiesOf(response), needsCode };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (body.code === "BANNED_USER") throw new AppError("FORBIDDEN", DISABLED_MESSAGE);
  if (response.status === 429) {
    throw rateLimited(Number(response.headers.get("x-retry-after")) || 60);
  }
  throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS_MESSAGE);
}

/** Ends the request's session (and clears its cookie). */
export async function signOut(context: SignInContext, request: Request) {
  const response = await getAuth(context).api.signOut({
    headers: authHeaders(request, context.clientAddress),
    asResponse: true,
  });
  return { headers: setCookiesOf(response) };
}

export const AUTH_CLEANUP_JOB = "auth.cleanup";

/** Rows no limit or link needs any more: old failures, spent or expired links, ended sessions, expired challenges. */
export async function pruneAuthRecords(db: Db) {
  const now = Date.now();
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, new Date(now - SIGN_IN_LIMITS.accountHourly.windowMs)));
  await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 24 * 3600_000)));
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date(now)));
  // Passkey challenges and sign-ins waiting for a code that were never finished.
  await db.delete(authVerifications).where(lt(authVerifications.expiresAt, new Date(now)));
  await db.delete(authRateLimits).where(lt(authRateLimits.lastRequest, now - 24 * 3600_000));
}
