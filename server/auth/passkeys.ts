import { and, asc, eq, lt } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { consumeRateLimit } from "#server/chat/rate-limit.ts";
import { limitKeyOf } from "#server/client-address.ts";
import type { AppContext } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { authPasskeys, authVerifications } from "#server/db/schema/auth.ts";
import { AppError } from "#server/errors.ts";
import { authHeaders, CLIENT_ADDRESS_HEADER, getAuth } from "./auth";
import { readAuthAnswer, requestCookie } from "./auth-call";
import { DISABLED_MESSAGE } from "./sign-in";

// Passkeys (decision 213): Better Auth's passkey plugin runs the WebAuthn ceremonies; our
// routes call it, keep the list, and write the audit log.

type PasskeyContext = Pick<AppContext, "db" | "env" | "clientAddress">;
type SignedIn = { request: Request; user: { id: string; email: string } };

/** The passkey plugin's challenge cookie (5 minutes), named as Better Auth names it. */
async function challengeCookie(context: PasskeyContext, request: Request) {
  const name = (await getAuth(context).$context).createAuthCookie("better-auth-passkey").name;
  const value = requestCookie(request, name);
  return value ? `${name}=${value}` : "";
}

/** What the browser sent back from `navigator.credentials`, as JSON text. */
export function parseCredential(text: string) {
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null;
    if (typeof value?.id === "string" && value.response && typeof value.response === "object")
      return value;
  } catch {}
  throw new AppError("INVALID", "The passkey answer could not be read. Try again.");
}

export async function listPasskeys(db: Db, userId: string) {
  return db
    .select({ id: authPasskeys.id, name: authPasskeys.name, createdAt: authPasskeys.createdAt })
    .from(authPasskeys)
    .where(eq(authPasskeys.userId, userId))
    .orderBy(asc(authPasskeys.createdAt));
}

/** Step 1 of adding a passkey: the options for `navigator.credentials.create`, and a challenge cookie. */
export async function passkeyRegistrationOptions(
  context: PasskeyContext,
  { request, user }: SignedIn,
) {
  await limitChallenges(context.db, [
    [`passkey:account:${user.id}`, PASSKEY_OPTION_LIMITS.perAccount],
  ]);
  const answer = await readAuthAnswer(
    getAuth(context).api.generatePasskeyRegistrationOptions({
      headers: authHeaders(request, context.clientAddress),
      asResponse: true,
    }),
  );
  if (!answer.ok) throw new AppError("UNAUTHORIZED", "Sign in again before you add a passkey.");
  return { options: answer.body, cookies: answer.cookies };
}

/** Step 2: the browser's new credential is checked and kept under the name the person gave. */
export async function addPasskey(
  context: PasskeyContext,
  signedIn: SignedIn,
  { name, credential }: { name: string; credential: Record<string, unknown> },
) {
  const answer = await readAuthAnswer(
    getAuth(context).api.verifyPasskeyRegistration({
      body: { response: credential, name },
      headers: authHeaders(signedIn.request, context.clientAddress),
      asResponse: true,
    }),
  );
  if (!answer.ok)
    throw new AppError(
      "INVALID",
      "The passkey could not be added: the browser's answer did not check out or came too late. Try again.",
    );
  await recordAudit(context.db, {
    actorId: signedIn.user.id,
    actorEmail: signedIn.user.email,
    address: context.clientAddress,
    action: "add-passkey",
    area: "account",
    recordId: String(answer.body.id ?? ""),
    detail: { name },
  });
}

/** Removes one of the signed-in person's own passkeys. */
export async function removePasskey(
  context: PasskeyContext,
  { user }: SignedIn,
  { passkeyId }: { passkeyId: string },
) {
  return context.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(authPasskeys)
      .where(and(eq(authPasskeys.id, passkeyId), eq(authPasskeys.userId, user.id)))
      .returning({ id: authPasskeys.id, name: authPasskeys.name });
    if (!removed) throw new AppError("NOT_FOUND", "That passkey is not on your account any more.");
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      address: context.clientAddress,
      action: "remove-passkey",
      area: "account",
      recordId: removed.id,
      detail: { name: removed.name },
    });
    return removed;
  });
}

/**
 * Passkey challenges handed out, per minute: each one is a stored row (5 minutes), asked for
 * without signing in. Per client address (an IPv6 client by its /64), overall, and for adding
 * a passkey per account. A person needs one per sign-in; a refusal is a 429 with Retry-After.
 */
export const PASSKEY_OPTION_LIMITS = {
  windowMs: 60_000,
  perAddress: 10,
  overall: 200,
  perAccount: 10,
};

function tooManyPasskeyChallenges(seconds: number) {
  return `Too many passkey sign-ins were started. Wait ${seconds} seconds, or sign in with your email and password.`;
}

/** Counts one challenge against `keys` (each atomically) and drops expired ones first. */
async function limitChallenges(db: Db, keys: Array<[key: string, limit: number]>) {
  for (const [key, limit] of keys)
    await consumeRateLimit(db, {
      key,
      limit,
      windowMs: PASSKEY_OPTION_LIMITS.windowMs,
      message: tooManyPasskeyChallenges,
    });
  // Challenges live 5 minutes (Better Auth refuses an expired one); their rows go here and
  // in the hourly clean-up, so no more are stored than the limits hand out.
  await db.delete(authVerifications).where(lt(authVerifications.expiresAt, new Date()));
}

/** Sign-in step 1: the options for `navigator.credentials.get` (any passkey of this site). */
export async function passkeySignInOptions(context: PasskeyContext) {
  await limitChallenges(context.db, [
    [`passkey:address:${limitKeyOf(context.clientAddress)}`, PASSKEY_OPTION_LIMITS.perAddress],
    ["passkey:all", PASSKEY_OPTION_LIMITS.overall],
  ]);
  const answer = await readAuthAnswer(
    getAuth(context).api.generatePasskeyAuthenticationOptions({
      headers: new Headers({ [CLIENT_ADDRESS_HEADER]: context.clientAddress }),
      asResponse: true,
    }),
  );
  return { options: answer.body, cookies: answer.cookies };
}

/**
 * Sign-in step 2: a passkey is a sign-in of its own (something you have, unlocked on the
 * device), so it needs no code. Returns the new session's cookies.
 */
export async function signInWithPasskey(
  context: PasskeyContext,
  { request, credential }: { request: Request; credential: Record<string, unknown> },
) {
  const headers = new Headers({
    [CLIENT_ADDRESS_HEADER]: context.clientAddress,
    Cookie: await challengeCookie(context, request),
  });
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const answer = await readAuthAnswer(
    getAuth(context).api.verifyPasskeyAuthentication({
      // Shape-checked by the plugin and @simplewebauthn/server; refused as a 4xx when wrong.
      body: { response: credential as never },
      headers,
      asResponse: true,
    }),
  );
  if (answer.ok) return { headers: answer.cookies };
  switch (answer.body.code) {
    case "BANNED_USER":
      throw new AppError("FORBIDDEN", DISABLED_MESSAGE);
    case "PASSKEY_NOT_FOUND":
      throw new AppError(
        "UNAUTHORIZED",
        "This passkey is not registered here (it may have been removed). Sign in with your email and password.",
      );
    case "CHALLENGE_NOT_FOUND":
      throw new AppError("GONE", "The passkey sign-in timed out. Try again.");
    default:
      throw new AppError(
        "UNAUTHORIZED",
        "The passkey could not be checked. Try again, or sign in with your email and password.",
      );
  }
}
