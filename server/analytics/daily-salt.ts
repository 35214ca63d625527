import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { analyticsSalts } from "#server/db/schema/analytics.ts";

/** The UTC day of a moment, `YYYY-MM-DD`: analytics counts by UTC days. */
export function utcDay(at: Date) {
  return at.toISOString().slice(0, 10);
}

/** The day `count` days after (or before, when negative) `day`. */
export function addDays(day: string, count: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return utcDay(date);
}

/**
 * The salt of a day, made at random by whichever instance needs it first and read by the
 * others. The rollup deletes it once the day is over.
 */
export async function getDailySalt(db: Db, day: string) {
  const read = async () =>
    (
      await db
        .select({ salt: analyticsSalts.salt })
        .from(analyticsSalts)
        .where(eq(analyticsSalts.day, day))
    )[0]?.salt;
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const salt = await read();
  if (!salt) throw new Error(`the analytics salt of ${day} could not be stored`);
  return salt;
}

/** Keeps the current day's salt in memory: one database read per instance and day. */
export function createSaltCache(db: Db) {
  let current: { day: string; salt: Promise<string> } | undefined;
  return (day: string) => {
    if (current?.day !== day) {
      const salt = getDailySalt(db, day);
      const entry = { day, salt };
      current = entry;
      // A failed read is not kept: the next event asks again.
      salt.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.salt;
  };
}

/**
 * A visitor for one day: the hash of the day's salt, the site, the address and the user
 * agent. Without the salt (deleted after the day) it cannot be recomputed from an address.
 */
export function visitorHash({
  salt,
  site,
  address,
  userAgent,
}: {
  salt: string;
  site: string;
  address: string;
  userAgent: string;
}) {
  return createHash("sha256")
    .update(`${salt}\u0000${site}\u0000${address}\u0000${userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}
