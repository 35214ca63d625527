import { and, eq, gt, lt, notInArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { chatPresence } from "#server/db/schema/chat.ts";

/** A presence row older than this is an instance that stopped without saying so. */
export const PRESENCE_STALE_MS = 45_000;

/** Records which staff members have a socket on this instance right now (and only them). */
export async function recordPresence(
  db: Db,
  { instanceId, staffIds }: { instanceId: string; staffIds: string[] },
) {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (staffIds.length > 0) {
      await tx
        .insert(chatPresence)
        .values(staffIds.map((staffId) => ({ instanceId, staffId, lastSeenAt: now })))
        .onConflictDoUpdate({
          target: [chatPresence.instanceId, chatPresence.staffId],
          set: { lastSeenAt: now },
        });
      await tx
        .delete(chatPresence)
        .where(
          and(eq(chatPresence.instanceId, instanceId), notInArray(chatPresence.staffId, staffIds)),
        );
    } else {
      await tx.delete(chatPresence).where(eq(chatPresence.instanceId, instanceId));
    }
    await tx
      .delete(chatPresence)
      .where(lt(chatPresence.lastSeenAt, new Date(now.getTime() - PRESENCE_STALE_MS * 4)));
  });
}

/** Whether any staff member has a live socket on any instance. */
export async function isStaffOnline(db: Db) {
  const [row] = await db
    .select({ staffId: chatPresence.staffId })
    .from(chatPresence)
    .where(gt(chatPresence.lastSeenAt, new Date(Date.now() - PRESENCE_STALE_MS)))
    .limit(1);
  return Boolean(row);
}
