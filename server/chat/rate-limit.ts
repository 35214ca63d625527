import { lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { chatRateLimits } from "#server/db/schema/chat.ts";
import { AppError } from "#server/errors.ts";

export type RateLimit = {
  key: string;
  limit: number;
  windowMs: number;
  /** The refusal, with the seconds to wait (the chat's own wording by default). */
  message?: (retryAfterSeconds: number) => string;
};

const tooQuickly = (seconds: number) =>
  `You are sending messages too quickly. Please wait ${seconds} seconds and try again.`;

/**
 * Counts one hit against a fixed window kept in the database, so every instance shares it;
 * throws RATE_LIMITED once the window is full. Counting and deciding are one statement (an
 * upsert that returns the new count), so parallel hits on any database each see their own
 * number and no more than `limit` get through.
 */
export async function consumeRateLimit(
  db: Db,
  { key, limit, windowMs, message = tooQuickly }: RateLimit,
) {
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
    throw new AppError("RATE_LIMITED", message(retryAfterSeconds), { retryAfterSeconds });
  }
}

/** Drops windows that ended long ago. */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60_000) {
  await db
    .delete(chatRateLimits)
    .where(lt(chatRateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}
