import { and, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import { cheapCount, readKeysetPage } from "#server/business/list-query.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database, Db } from "#server/db/client.ts";
import { comments, insights } from "#server/db/schema/content.ts";
import { AppError, invalid } from "#server/errors.ts";
import type { Actor } from "./revisions";

export const commentTabs = ["pending", "approved", "spam", "rejected"] as const;
export type CommentTab = (typeof commentTabs)[number];

export const COMMENTS_PAGE_SIZE = 25;

/**
 * One moderation tab, newest first, with the insight each comment belongs to and the tab
 * counts. Deep pages by keyset on (created_at, id) (`after`/`before`, decisions 746, 780;
 * `page` an offset for old addresses); each tab's count is cheap past 10,000 (an estimate,
 * flagged in `estimated`).
 */
export async function findCommentsForModeration({
  db,
  status,
  page = 1,
  pageSize = COMMENTS_PAGE_SIZE,
  after,
  before,
}: {
  db: Db;
  status: CommentTab;
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}) {
  const where = eq(comments.status, status);
  const tabCounts = commentTabs.map((tab) =>
    cheapCount(db, db.select({ one: sql`1` }).from(comments).where(eq(comments.status, tab))),
  );
  const result = await readKeysetPage({
    db,
    query: { page: Math.max(1, page), pageSize, after, before },
    sort: comments.createdAt,
    id: comments.id,
    dir: "desc",
    where,
    count: tabCounts[commentTabs.indexOf(status)],
    select: db
      .select({
        id: comments.id,
        name: comments.name,
        email: comments.email,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
        insightId: insights.id,
        insightTitle: insights.title,
        insightSlug: insights.slug,
        sortKey: sql<string>`${comments.createdAt}::text`,
      })
      .from(comments)
      .innerJoin(insights, eq(insights.id, comments.insightId))
      .$dynamic(),
  });
  // The open tab's count settled by its page (a last page holds every row).
  const settled = (await Promise.all(tabCounts)).map((count, index) =>
    commentTabs[index] === status
      ? { total: result.total, isEstimate: result.totalIsEstimate }
      : count,
  );
  const counts = Object.fromEntries(
    commentTabs.map((tab, index) => [tab, settled[index].total]),
  ) as Record<CommentTab, number>;
  const estimated = Object.fromEntries(
    commentTabs.map((tab, index) => [tab, settled[index].isEstimate]),
  ) as Record<CommentTab, boolean>;
  return {
    rows: result.rows,
    counts,
    estimated,
    total: counts[status],
    totalIsEstimate: estimated[status],
    page: result.page,
    previousCursor: result.previousCursor,
    nextCursor: result.nextCursor,
  };
}

export const moderationSchema = z.object({
  intent: z.enum(["approve", "reject", "spam", "delete"], {
    error: "Choose what to do with the comments.",
  }),
  ids: z
    .array(z.uuid())
    .min(1, "Select at least one comment.")
    .max(200, "Moderate at most 200 comments at once."),
});

const statusFor = { approve: "approved", reject: "rejected", spam: "spam" } as const;

/** Approves, rejects, marks as spam or deletes one or many comments at once. */
export async function moderateComments({
  database,
  input,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  input: unknown;
  actor: Actor;
  address?: string;
}) {
  const parsed = moderationSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, parsed.error.issues[0].message);
  const { intent, ids } = parsed.data;
  const changed = await database.db.transaction(async (tx) => {
    const rows =
      intent === "delete"
        ? await tx.delete(comments).where(inArray(comments.id, ids)).returning({ id: comments.id })
        : await tx
            .update(comments)
            .set({ status: statusFor[intent], moderatedAt: new Date() })
            .where(inArray(comments.id, ids))
            .returning({ id: comments.id });
    if (rows.length === 0) throw new AppError("NOT_FOUND", "Those comments no longer exist.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: intent,
      area: "comments",
      recordId: rows.length === 1 ? rows[0].id : null,
      detail: { count: rows.length, ids: rows.map((row) => row.id) },
      address,
    });
    return rows.length;
  });
  await afterContentChange(database, "comments moderated");
  return { intent, count: changed };
}

export async function countPendingComments(db: Db) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(comments)
    .where(and(eq(comments.status, "pending")));
  return total;
}
