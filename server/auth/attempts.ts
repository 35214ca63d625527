import { randomUUID } from "node:crypto";
import { and, count, eq, gt, min } from "drizzle-orm";
import { limitKeyOf } from "#server/client-address.ts";
import { lockKeys } from "#server/db/advisory-locks.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { signInFailures } from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";

/**
 * Brute-force limits (decision 203): every check of a secret (password on /login and
 * /admin/account, sign-in code) is counted per account and per address in the database,
 * so the limits hold across instances and across parallel requests.
 */
export const SIGN_IN_LIMITS = {
  account: { max: 5, windowMs: 15 * 60_000 },
  accountHourly: { max: 100, windowMs: 60 * 60_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
};

function retryMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The 429 a refused attempt answers, with Retry-After. */
export function rateLimited(seconds: number) {
  return new AppError("RATE_LIMITED", retryMessage(seconds), { retryAfterSeconds: seconds });
}

async function failuresSince(
  db: Db | Tx,
  column: "email" | "address",
  value: string,
  windowMs: number,
) {
  const since = new Date(Date.now() - windowMs);
  const field = column === "email" ? signInFailures.email : signInFailures.address;
  const [row] = await db
    .select({ total: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(field, value), gt(signInFailures.createdAt, since)));
  return row;
}

/** Throws RATE_LIMITED (429 + Retry-After) when the account or the address has failed too often. */
export async function assertSignInAllowed(db: Db | Tx, email: string, address: string) {
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
  if (wait > 0) throw rateLimited(Math.max(1, Math.ceil(wait / 1000)));
}

/**
 * Checks the limits and records the attempt as a failure in one step: one transaction
 * holding advisory locks on the account and the address, so parallel attempts queue
 * here and each one counts the ones before it. Returns the attempt's id; the caller
 * checks the secret afterwards and settles the attempt with `endAttempt`.
 */
export async function beginAttempt(db: Db, attempt: { email: string; address: string }) {
  const id = randomUUID();
  const { email } = attempt;
  // An IPv6 client is counted by its /64: it could use a new address for every guess.
  const address = limitKeyOf(attempt.address);
  await db.transaction(async (tx) => {
    // Always account first, then address: no two attempts wait on each other in a circle.
    await lockKeys(tx, [
      ["signInAccount", email],
      ["signInAddress", address],
    ]);
    await assertSignInAllowed(tx, email, address);
    await tx.insert(signInFailures).values({ id, email, address });
  });
  return id;
}

/**
 * A secret that turned out right: `account` clears every failure of the account (a
 * completed sign-in, decision 203); `attempt` removes only this attempt (a right
 * password before a sign-in code, so knowing the password never resets the code limit).
 */
export async function endAttempt(
  db: Db | Tx,
  { attemptId, email, clear }: { attemptId: string; email: string; clear: "account" | "attempt" },
) {
  if (clear === "account") await db.delete(signInFailures).where(eq(signInFailures.email, email));
  else await db.delete(signInFailures).where(eq(signInFailures.id, attemptId));
}

/**
 * Runs `check` (which throws when the secret is wrong) as one counted attempt of the
 * account: refused with 429 while the account or address is locked; a wrong secret
 * stays counted as a failure; a right one clears the account's failures.
 */
export async function countedAttempt<T>(
  db: Db,
  { email, address }: { email: string; address: string },
  check: () => Promise<T>,
) {
  const attemptId = await beginAttempt(db, { email, address });
  const value = await check();
  await endAttempt(db, { attemptId, email, clear: "account" });
  return value;
}
