import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { settings } from "#server/db/schema/settings.ts";
import { AppError } from "#server/errors.ts";
import { SESSION_CHANGES_CHANNEL } from "./session";

/** The settings document of the sign-in rules; the team screen changes it (decision 212). */
const SIGN_IN_SETTINGS_ID = "sign-in";

/** Whether every staff account must use two-factor sign-in. */
export async function isTwoFactorRequired(db: Db) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.id, SIGN_IN_SETTINGS_ID));
  return row?.value.requireTwoFactor === true;
}

/**
 * Turns the rule on or off. An admin turns it on only with two-factor sign-in on their
 * own account, so the rule never sends the person who set it to the set-up screen.
 */
export async function setTwoFactorRequired(
  { db }: { db: Db },
  { isRequired }: { isRequired: boolean },
  actor: Actor & { id: string },
) {
  if (isRequired) {
    const [me] = await db
      .select({ hasTwoFactor: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, actor.id));
    if (!me?.hasTwoFactor)
      throw new AppError(
        "CONFLICT",
        "Set up two-factor sign-in for your own account first (My account), then require it for the team.",
      );
  }
  const value = { requireTwoFactor: isRequired };
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: SIGN_IN_SETTINGS_ID, value })
      .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: sql`now()` } });
    // Open staff sockets of accounts without it close at once (decision 216).
    if (isRequired)
      await tx.execute(
        sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${JSON.stringify({ userId: "*" })})`,
      );
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: isRequired ? "require-two-factor" : "allow-without-two-factor",
      area: "team",
      detail: { requireTwoFactor: isRequired },
    });
  });
}
