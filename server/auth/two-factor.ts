import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { authSessions, authTwoFactors, authUsers } from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";
import { countedAttempt } from "./attempts";
import { authHeaders, getAuth, TWO_FACTOR_ISSUER } from "./auth";
import { readAuthAnswer } from "./auth-call";
import { isFreshTotpCode } from "./totp-steps";
import { WRONG_CURRENT_PASSWORD } from "./users";

// Two-factor sign-in on /admin/account (decision 212): Better Auth's twoFactor plugin keeps
// the secret and the recovery codes; every step that takes the password is a counted attempt.

type AccountContext = Pick<AppContext, "db" | "env" | "clientAddress">;
type SignedIn = { request: Request; user: { id: string; email: string } };

export const WRONG_CODE_MESSAGE =
  "That code is not right. Enter the 6 digits your authenticator app shows now.";
const USED_CODE_MESSAGE =
  "That code was used already. Wait for the next code in your authenticator app and enter it.";

function wrongPassword() {
  return new AppError("INVALID", WRONG_CURRENT_PASSWORD, {
    fieldErrors: { accountPassword: [WRONG_CURRENT_PASSWORD] },
  });
}

/** Runs a Better Auth call that checks the password, as one attempt under the sign-in limits. */
async function withPassword(
  context: AccountContext,
  { user }: SignedIn,
  call: () => Promise<Response>,
) {
  return countedAttempt(
    context.db,
    { email: user.email, address: context.clientAddress },
    async () => {
      const answer = await readAuthAnswer<Record<string, unknown>>(call());
      if (answer.body.code === "INVALID_PASSWORD") throw wrongPassword();
      if (!answer.ok)
        throw new AppError("CONFLICT", "That did not work. Reload the page and try again.");
      return answer;
    },
  );
}

async function audit(context: AccountContext, { user }: SignedIn, action: string) {
  await recordAudit(context.db, {
    actorId: user.id,
    actorEmail: user.email,
    address: context.clientAddress,
    action,
    area: "account",
    recordId: user.id,
  });
}

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
function base32(text: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...Buffer.from(text)].map((byte) => byte.toString(2).padStart(8, "0")).join("");
  let out = "";
  for (let i = 0; i < bits.length; i += 5)
    out += alphabet[Number.parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)];
  return out;
}

/** What the set-up screen shows: the key as text and as a QR code (an inline image). */
function setupView(secret: string, email: string) {
  const key = base32(secret);
  const params = new URLSearchParams({
    secret: key,
    issuer: TWO_FACTOR_ISSUER,
    digits: "6",
    period: "30",
  });
  const totpURI = `otpauth://totp/${encodeURIComponent(TWO_FACTOR_ISSUER)}:${encodeURIComponent(email)}?${params}`;
  const svg = renderSVG(totpURI, { border: 2 });
  return {
    secret: key,
    qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * A set-up started (password given) but not yet confirmed with a code: its key again, so
 * the screen survives a reload or a wrong code. Undefined when none is under way.
 */
export async function findPendingSetup(
  context: AccountContext,
  user: { id: string; email: string },
) {
  const [row] = await context.db
    .select({ secret: authTwoFactors.secret })
    .from(authTwoFactors)
    .innerJoin(authUsers, eq(authUsers.id, authTwoFactors.userId))
    .where(
      and(
        eq(authTwoFactors.userId, user.id),
        eq(authTwoFactors.verified, false),
        eq(authUsers.twoFactorEnabled, false),
      ),
    );
  if (!row) return undefined;
  const key = (await getAuth(context).$context).secretConfig;
  return setupView(await symmetricDecrypt({ key, data: row.secret }), user.email);
}

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export async function findTwoFactorStatus(context: AccountContext, userId: string) {
  const [row] = await context.db
    .select({ isEnabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (!row?.isEnabled) return { isEnabled: false, recoveryCodesLeft: 0 };
  const { backupCodes } = await getAuth(context).api.viewBackupCodes({ body: { userId } });
  return { isEnabled: true, recoveryCodesLeft: backupCodes.length };
}

/**
 * Step 1: after the password, a new secret (not yet in use), which `findPendingSetup` shows
 * until it is confirmed. Starting again replaces a secret that was never confirmed.
 */
export async function startTwoFactorSetup(
  context: AccountContext,
  signedIn: SignedIn,
  { password }: { password: string },
) {
  const api = getAuth(context).api;
  const answer = await withPassword(context, signedIn, () =>
    api.enableTwoFactor({
      body: { password },
      headers: authHeaders(signedIn.request, context.clientAddress),
      asResponse: true,
    }),
  );
  const totpURI = new URL(String(answer.body.totpURI ?? ""));
  return { secret: totpURI.searchParams.get("secret") ?? "" };
}

/**
 * Step 2: the first right code turns two-factor sign-in on. Better Auth gives the session
 * a new token (the cookies to pass on); the recovery codes are returned to be shown once.
 */
export async function confirmTwoFactorSetup(
  context: AccountContext,
  signedIn: SignedIn,
  { code }: { code: string },
) {
  const auth = getAuth(context);
  // The code that turns it on is used up like any other (decision 217).
  if (!(await isFreshTotpCode(context, { userId: signedIn.user.id, code: code.trim() })))
    throw new AppError("INVALID", USED_CODE_MESSAGE, {
      fieldErrors: { code: [USED_CODE_MESSAGE] },
    });
  const answer = await readAuthAnswer(
    auth.api.verifyTOTP({
      body: { code },
      headers: authHeaders(signedIn.request, context.clientAddress),
      asResponse: true,
    }),
  );
  if (answer.body.code === "TOTP_NOT_ENABLED")
    throw new AppError("CONFLICT", "Start the set-up again: enter your password first.");
  if (!answer.ok)
    throw new AppError("INVALID", WRONG_CODE_MESSAGE, {
      fieldErrors: { code: [WRONG_CODE_MESSAGE] },
    });
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: signedIn.user.id } });
  await audit(context, signedIn, "enable-two-factor");
  return { cookies: answer.cookies, recoveryCodes: backupCodes };
}

/** New recovery codes (the old ones stop working), shown once. */
export async function regenerateRecoveryCodes(
  context: AccountContext,
  signedIn: SignedIn,
  { password }: { password: string },
) {
  const api = getAuth(context).api;
  const answer = await withPassword(context, signedIn, () =>
    api.generateBackupCodes({
      body: { password },
      headers: authHeaders(signedIn.request, context.clientAddress),
      asResponse: true,
    }),
  );
  await audit(context, signedIn, "regenerate-recovery-codes");
  return { recoveryCodes: answer.body.backupCodes as string[] };
}

/** Turns two-factor sign-in off (the secret and the codes are deleted). */
export async function disableTwoFactor(
  context: AccountContext,
  signedIn: SignedIn,
  { password }: { password: string },
) {
  const api = getAuth(context).api;
  const answer = await withPassword(context, signedIn, () =>
    api.disableTwoFactor({
      body: { password },
      headers: authHeaders(signedIn.request, context.clientAddress),
      asResponse: true,
    }),
  );
  await audit(context, signedIn, "disable-two-factor");
  return { cookies: answer.cookies };
}

/**
 * For a lost device, from the shell: two-factor sign-in off, its secret and codes gone, and
 * every session of the account ended. The person signs in with the password and sets it up again.
 */
export async function resetTwoFactor(
  { db }: { db: Db },
  { email }: { email: string },
  actor: Actor = { id: null },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: authUsers.id, email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.email, email.trim().toLowerCase()));
    if (!user) throw new AppError("NOT_FOUND", "There is no staff account like that.");
    await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, user.id));
    await tx
      .update(authUsers)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(authUsers.id, user.id));
    await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "reset-two-factor",
      area: "team",
      recordId: user.id,
      detail: { email: user.email },
    });
    return user;
  });
}
