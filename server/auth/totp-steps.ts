import { createHmac } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "#server/context.ts";
import { authTwoFactors } from "#server/db/schema/auth.ts";
import { getAuth } from "./auth";

// Each authenticator code is accepted once per account (decision 217): RFC 6238 says a
// verifier must not accept a code again after it was used, and neither does it take a code
// of an earlier 30-second step than the last one used.

type StepContext = Pick<AppContext, "db" | "env">;

const PERIOD_MS = 30_000;
/** The steps either side of now that Better Auth's check accepts (its default window). */
const WINDOW = 1;

/** The 6-digit code of one 30-second step (HOTP over the step, SHA-1, as the apps compute it). */
function codeOfStep(secret: string, step: number) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 15;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * The 30-second step whose code `code` is, among those Better Auth would accept now, or
 * undefined (a wrong code, or no authenticator set up): Better Auth then refuses it itself.
 */
export async function findTotpStep(
  context: StepContext,
  { userId, code, now = Date.now() }: { userId: string; code: string; now?: number },
) {
  if (!/^\d{6}$/.test(code)) return undefined;
  const [row] = await context.db
    .select({ secret: authTwoFactors.secret })
    .from(authTwoFactors)
    .where(eq(authTwoFactors.userId, userId));
  if (!row) return undefined;
  const key = (await getAuth(context).$context).secretConfig;
  const secret = await symmetricDecrypt({ key, data: row.secret });
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current - WINDOW; step <= current + WINDOW; step++)
    if (codeOfStep(secret, step) === code) return step;
  return undefined;
}

/**
 * Takes the step for the account, once: a single conditional update, so of parallel sign-ins
 * with the same code exactly one gets `true`, on PostgreSQL as on PGlite. False when this
 * step, or a later one, was used already.
 */
export async function claimTotpStep(
  { db }: Pick<AppContext, "db">,
  { userId, step }: { userId: string; step: number },
) {
  const claimed = await db
    .update(authTwoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(authTwoFactors.userId, userId),
        or(isNull(authTwoFactors.lastUsedStep), lt(authTwoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: authTwoFactors.id });
  return claimed.length > 0;
}

/**
 * Before a code is handed to Better Auth: false when it is a right code whose step was used
 * already (a replay); true otherwise (a right code now taken, or a wrong one to be refused).
 */
export async function isFreshTotpCode(
  context: StepContext,
  { userId, code }: { userId: string; code: string },
) {
  const step = await findTotpStep(context, { userId, code });
  if (step === undefined) return true;
  return claimTotpStep(context, { userId, step });
}
