import { and, eq, lte, sql } from "drizzle-orm";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database } from "#server/db/client.ts";
import { caseStudies, insights } from "#server/db/schema/content.ts";
import { log } from "#server/log.ts";
import { syncSearchDocuments } from "#server/search/index-sync.ts";

type PublishInput = { status: "draft" | "scheduled" | "published"; publishAt: Date | null };
type PublishState = { status: string; publishedAt: Date | null } | undefined;

/** The state columns a save writes: first publication dates the item; a schedule waits for the job. */
export function publishingValues(value: PublishInput, existing: PublishState, now: Date) {
  if (value.status === "published")
    return {
      status: "published" as const,
      publishAt: null,
      publishedAt:
        existing?.status === "published" && existing.publishedAt ? existing.publishedAt : now,
    };
  if (value.status === "scheduled")
    return { status: "scheduled" as const, publishAt: value.publishAt, publishedAt: null };
  return { status: "draft" as const, publishAt: null, publishedAt: existing?.publishedAt ?? null };
}

export const PUBLISH_SCHEDULED_JOB = "content.publish-scheduled";

/**
 * Publishes every scheduled insight and case study whose time has come, dated
 * at their scheduled time. Run every minute by the job runner.
 */
export async function publishDueContent(
  database: Pick<Database, "db" | "notify">,
  now = new Date(),
) {
  const { db } = database;
  // The search index learns of them in the same transaction.
  const published = await db.transaction(async (tx) => {
    const slugs: string[] = [];
    for (const [kind, table] of [
      ["insight", insights],
      ["case-study", caseStudies],
    ] as const) {
      const rows = await tx
        .update(table)
        .set({
          status: "published",
          publishedAt: sql`${table.publishAt}`,
          publishAt: null,
          updatedAt: now,
        })
        .where(and(eq(table.status, "scheduled"), lte(table.publishAt, now)))
        .returning({ id: table.id, slug: table.slug });
      await syncSearchDocuments(tx, { kind, ids: rows.map((row) => row.id) });
      slugs.push(...rows.map((row) => row.slug));
    }
    return slugs;
  });
  if (published.length) {
    log.info(`published ${published.length} scheduled item(s): ${published.join(", ")}`);
    await afterContentChange(database, "scheduled content published");
  }
  return published;
}
