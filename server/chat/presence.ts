import { and, eq, gt, lt, notInArray } from "drizzle-orm";
import type { Database, Db } from "#server/db/client.ts";
import { chatPresence } from "#server/db/schema/chat.ts";
import { log } from "#server/log.ts";
import { publishChatEvent } from "./events";

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

/**
 * One instance's part in "staff online": writes which staff members have a socket here
 * (when asked), and tells visitors here when the answer across all instances changes.
 */
export function createPresenceTracker({
  database,
  instanceId,
  staffIds,
  onChange,
}: {
  database: Database;
  instanceId: string;
  /** The staff members with a socket on this instance now. */
  staffIds: () => string[];
  onChange: (isOnline: boolean) => void;
}) {
  const { db } = database;
  let staffOnline: boolean | undefined;
  let isStopped = false;
  return {
    /** Whether any staff member is online anywhere (read once, then kept up to date). */
    async isOnline() {
      staffOnline ??= await isStaffOnline(db);
      return staffOnline;
    },
    /** Whether this instance last saw staff online. */
    wasOnline() {
      return staffOnline === true;
    },
    async refresh(shouldRecord: boolean) {
      if (isStopped) return;
      try {
        if (shouldRecord) {
          await recordPresence(db, { instanceId, staffIds: [...new Set(staffIds())] });
          await publishChatEvent(database, { type: "presence" });
        }
        const isOnline = await isStaffOnline(db);
        if (isOnline === staffOnline) return;
        staffOnline = isOnline;
        onChange(isOnline);
      } catch (error) {
        log.warn("chat presence could not be refreshed", error);
      }
    },
    /** This instance stops: its staff are no longer online through it. */
    async withdraw({ hadStaff }: { hadStaff: boolean }) {
      isStopped = true;
      if (!hadStaff) return;
      try {
        await recordPresence(db, { instanceId, staffIds: [] });
        await publishChatEvent(database, { type: "presence" });
      } catch (error) {
        log.warn("chat presence could not be withdrawn", error);
      }
    },
  };
}
