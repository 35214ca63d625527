import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { contentRevisions, type RevisionArea } from "#server/db/schema/revisions.ts";

export type Actor = { id: string; name?: string; email?: string };
export type RevisionReason = "save" | "autosave" | "publish" | "restore";

/**
 * Keeps a version of an item. Autosaves replace the autosave just before them,
 * so a long editing session leaves one autosave, not hundreds.
 */
export async function recordRevision(
  db: Db | Tx,
  options: {
    area: RevisionArea;
    recordId: string;
    snapshot: Record<string, unknown>;
    reason: RevisionReason;
    actor: Actor;
  },
) {
  const { area, recordId, snapshot, reason, actor } = options;
  const json = JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>;
  if (reason === "autosave") {
    const [last] = await db
      .select({ id: contentRevisions.id, reason: contentRevisions.reason })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.area, area), eq(contentRevisions.recordId, recordId)))
      .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.seq))
      .limit(1);
    if (last?.reason === "autosave") {
      await db
        .update(contentRevisions)
        .set({
          snapshot: json,
          createdAt: new Date(),
          authorId: actor.id,
          authorName: actor.name ?? actor.email,
        })
        .where(eq(contentRevisions.id, last.id));
      return;
    }
  }
  await db.insert(contentRevisions).values({
    area,
    recordId,
    snapshot: json,
    reason,
    authorId: actor.id,
    authorName: actor.name ?? actor.email ?? null,
  });
}

/** An item's versions, newest first. */
export async function findRevisions(
  db: Db,
  options: { area: RevisionArea; recordId: string; limit?: number },
) {
  return db
    .select({
      id: contentRevisions.id,
      reason: contentRevisions.reason,
      authorName: contentRevisions.authorName,
      createdAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .where(
      and(eq(contentRevisions.area, options.area), eq(contentRevisions.recordId, options.recordId)),
    )
    .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.seq))
    .limit(options.limit ?? 30);
}

export async function getRevision(
  db: Db | Tx,
  options: { area: RevisionArea; recordId: string; id: string },
) {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.id, options.id),
        eq(contentRevisions.area, options.area),
        eq(contentRevisions.recordId, options.recordId),
      ),
    );
  return row;
}
