import { and, eq, gt } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import type { AppContext } from "#server/context.ts";
import { authUsers, authVerifications } from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";
import { beginAttempt, endAttempt, rateLimited, SIGN_IN_LIMITS } from "./attempts";
import { CLIENT_ADDRESS_HEADER, getAuth, TWO_FACTOR_COOKIE } from "./auth";
import { readAuthAnswer, requestCookie } from "./auth-call";
import { isFreshTotpCode } from "./totp-steps";

// The second step of a password sign-in with two-factor sign-in on (decision 212): the code
// from the authenticator app, or one recovery code. Wrong codes count like wrong passwords.

type SignInContext = Pick<AppContext, "db" | "env" | "clientAddress">;

export const SIGN_IN_EXPIRED_MESSAGE =
  "Your sign-in timed out before the code was entered. Sign in again with your password.";
export const WRONG_SIGN_IN_CODE_MESSAGE =
  "That code is not right. Enter the 6 digits your authenticator app shows now.";
export const USED_SIGN_IN_CODE_MESSAGE =
  "That code was used already. Wait for the next code in your authenticator app and enter it.";
export const WRONG_RECOVERY_CODE_MESSAGE =
  "That recovery code is not right, or it was used already. Each code works once.";

/**
 * The password sign-in waiting for its code in this browser: Better Auth's signed cookie
 * names a verification record (random, 10 minutes) that holds the account's id.
 */
export async function findPendingSignIn(context: SignInContext, request: Request) {
  const name = (await getAuth(context).$context).createAuthCookie(TWO_FACTOR_COOKIE).name;
  const raw = requestCookie(request, name);
  if (!raw) return undefined;
  const signed = decodeURIComponent(raw);
  const identifier = signed.slice(0, signed.lastIndexOf("."));
  if (!identifier) return undefined;
  const [row] = await context.db
    .select({ userId: authUsers.id, email: authUsers.email })
    .from(authVerifications)
    .innerJoin(authUsers, eq(authUsers.id, authVerifications.value))
    .where(
      and(
        eq(authVerifications.identifier, identifier),
        gt(authVerifications.expiresAt, new Date()),
      ),
    );
  return row ? { ...row, cookie: `${name}=${raw}` } : undefined;
}

/**
 * Checks the code as one attempt under the sign-in limits of the account. On success returns
 * the Set-Cookie headers of the new session; a wrong code stays counted as a failure.
 */
export async function verifySignInCode(
  context: SignInContext,
  { request, code, method }: { request: Request; code: string; method: "totp" | "recovery" },
) {
  const { db, clientAddress } = context;
  const pending = await findPendingSignIn(context, request);
  if (!pending) throw new AppError("GONE", SIGN_IN_EXPIRED_MESSAGE);
  const attemptId = await beginAttempt(db, { email: pending.email, address: clientAddress });

  // Only the pending sign-in's cookie: Better Auth must not see another session here.
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: clientAddress, Cookie: pending.cookie });
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const api = getAuth(context).api;
  const cleaned = code.replace(/\s+/g, "");
  // A code works once (decision 217): its 30-second step is taken for the account before
  // Better Auth checks it, so a code seen once, or sent twice at once, signs in only once.
  // The attempt stays counted as a failure.
  if (
    method === "totp" &&
    !(await isFreshTotpCode(context, { userId: pending.userId, code: cleaned }))
  )
    throw new AppError("UNAUTHORIZED", USED_SIGN_IN_CODE_MESSAGE, {
      fieldErrors: { code: [USED_SIGN_IN_CODE_MESSAGE] },
    });
  const answer = await readAuthAnswer(
    method === "totp"
      ? api.verifyTOTP({ body: { code: cleaned }, headers, asResponse: true })
      : api.verifyBackupCode({ body: { code: cleaned }, headers, asResponse: true }),
  );
  if (answer.ok) {
    await endAttempt(db, { attemptId, email: pending.email, clear: "account" });
    if (method === "recovery")
      await recordAudit(db, {
        actorId: pending.userId,
        actorEmail: pending.email,
        address: clientAddress,
        action: "use-recovery-code",
        area: "account",
        recordId: pending.userId,
      });
    return { headers: answer.cookies };
  }
  switch (answer.body.code) {
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      throw new AppError("GONE", SIGN_IN_EXPIRED_MESSAGE);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      throw rateLimited(SIGN_IN_LIMITS.account.windowMs / 1000);
    default:
      throw new AppError(
        "UNAUTHORIZED",
        method === "totp" ? WRONG_SIGN_IN_CODE_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE,
        {
          fieldErrors: {
            code: [method === "totp" ? WRONG_SIGN_IN_CODE_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE],
          },
        },
      );
  }
}
