import { lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { chatRateLimits } from "#server/db/schema/chat.ts";
import { AppError } from "#server/errors.ts";

export type RateLimit = { key: string; limit: number; windowMs: number };

/**
 * Counts one hit against a fixed window kept in the database, so every
 * instance shares it; throws RATE_LIMITED once the window is full.
 */
export async function consumeRateLimit(db: Db, { key, limit, windowMs }: RateLimit) {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(chatRateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [chatRateLimits.key, chatRateLimits.windowStart],
      set: { count: sql`${chatRateLimits.count} + 1` },
    })
    .returning({ count: chatRateLimits.count });
  if (row.count > limit) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMs - now) / 1000),
    );
    throw new AppError(
      "RATE_LIMITED",
      `You are sending messages too quickly. Please wait ${retryAfterSeconds} seconds and try again.`,
      { retryAfterSeconds },
    );
  }
}

/** Drops windows that ended long ago. */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60_000) {
  await db
    .delete(chatRateLimits)
    .where(lt(chatRateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}
