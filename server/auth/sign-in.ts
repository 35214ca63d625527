import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import {
  authRateLimits,
  authSessions,
  authTokens,
  signInFailures,
} from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";
import { authHeaders, CLIENT_ADDRESS_HEADER, getAuth } from "./auth";

/** Brute-force limits (decision 203): failures counted in the database, so they hold across instances. */
export const SIGN_IN_LIMITS = {
  account: { max: 5, windowMs: 15 * 60_000 },
  accountHourly: { max: 100, windowMs: 60 * 60_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
};

export const INVALID_CREDENTIALS_MESSAGE =
  "That email and password do not match an account. Check them and try again.";
export const DISABLED_MESSAGE = "This account is disabled. Ask an admin of your team to enable it.";

function retryMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

async function failuresSince(db: Db, column: "email" | "address", value: string, windowMs: number) {
  const since = new Date(Date.now() - windowMs);
  const field = column === "email" ? signInFailures.email : signInFailures.address;
  const [row] = await db
    .select({ total: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(field, value), gt(signInFailures.createdAt, since)));
  return row;
}

/** Throws RATE_LIMITED (429 + Retry-After) when the account or the address has failed too often. */
export async function assertSignInAllowed(db: Db, email: string, address: string) {
  const checks = [
    ["email", email, SIGN_IN_LIMITS.account],
    ["email", email, SIGN_IN_LIMITS.accountHourly],
    ["address", address, SIGN_IN_LIMITS.address],
  ] as const;
  let wait = 0;
  for (const [column, value, limit] of checks) {
    const { total, oldest } = await failuresSince(db, column, value, limit.windowMs);
    if (total >= limit.max && oldest) {
      // Later failures keep the window busy; waiting for the oldest to age out frees one attempt.
      wait = Math.max(wait, new Date(oldest).getTime() + limit.windowMs - Date.now());
    }
  }
  if (wait > 0) {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new AppError("RATE_LIMITED", retryMessage(seconds), { retryAfterSeconds: seconds });
  }
}

type SignInContext = Pick<AppContext, "db" | "env" | "clientAddress">;

/**
 * Checks the limits, then the password through Better Auth. On success returns
 * the Set-Cookie headers of the new session (a fresh token every sign-in).
 * Every attempt counts as a failure until it succeeds, so parallel guesses
 * cannot slip past the limits.
 */
export async function signIn(
  context: SignInContext,
  { email, password, request }: { email: string; password: string; request: Request },
) {
  const { db, clientAddress } = context;
  const normalized = email.trim().toLowerCase();
  await assertSignInAllowed(db, normalized, clientAddress);
  const attemptId = randomUUID();
  await db
    .insert(signInFailures)
    .values({ id: attemptId, email: normalized, address: clientAddress });

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
    await db.delete(signInFailures).where(eq(signInFailures.email, normalized));
    const cookies = new Headers();
    for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return { headers: cookies };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (body.code === "BANNED_USER") throw new AppError("FORBIDDEN", DISABLED_MESSAGE);
  if (response.status === 429) {
    const seconds = Number(response.headers.get("x-retry-after")) || 60;
    throw new AppError("RATE_LIMITED", retryMessage(seconds), { retryAfterSeconds: seconds });
  }
  throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS_MESSAGE);
}

/** Ends the request's session (and clears its cookie). */
export async function signOut(context: SignInContext, request: Request) {
  const response = await getAuth(context).api.signOut({
    headers: authHeaders(request, context.clientAddress),
    asResponse: true,
  });
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return { headers: cookies };
}

export const AUTH_CLEANUP_JOB = "auth.cleanup";

/** Rows no limit or link needs any more: old failures, spent or expired links, ended sessions. */
export async function pruneAuthRecords(db: Db) {
  const now = Date.now();
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, new Date(now - SIGN_IN_LIMITS.accountHourly.windowMs)));
  await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 24 * 3600_000)));
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date(now)));
  await db.delete(authRateLimits).where(lt(authRateLimits.lastRequest, now - 24 * 3600_000));
}
