import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import type { InsightInput } from "../../app/lib/content-admin/forms";
import { insightFormSchema } from "../../app/lib/content-admin/forms";
import { recordAudit } from "../audit/audit";
import type { Database, Db } from "../db/client";
import { insights } from "../db/schema/content";
import { AppError, invalid } from "../errors";
import { setMediaUsage } from "../media/media";
import { afterContentChange } from "./invalidate";
import { publishingValues } from "./publishing";
import { type Actor, getRevision, type RevisionReason, recordRevision } from "./revisions";
import { addSlugRedirect, removeSlugRedirect } from "./slug-redirects";

export const ADMIN_PAGE_SIZE = 20;

type Status = "draft" | "scheduled" | "published";

/** Insights for the command center list: search title/slug/author, filter by state, newest first. */
export async function findInsightsForAdmin({
  db,
  search,
  status,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  db: Db;
  search?: string;
  status?: Status;
  page?: number;
  pageSize?: number;
}) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(insights.status, status));
  if (search?.trim()) {
    const pattern = `%${search.trim().replace(/[%_\\]/g, "\\$&")}%`;
    conditions.push(
      or(
        ilike(insights.title, pattern),
        ilike(insights.slug, pattern),
        ilike(insights.author, pattern),
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(insights).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      id: insights.id,
      title: insights.title,
      slug: insights.slug,
      author: insights.author,
      status: insights.status,
      publishAt: insights.publishAt,
      publishedAt: insights.publishedAt,
      updatedAt: insights.updatedAt,
    })
    .from(insights)
    .where(where)
    .orderBy(desc(insights.updatedAt))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount };
}

export async function getInsightForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(insights).where(eq(insights.id, id));
  return row;
}

/** Insights staff can pick as related (everything but the item itself). */
export async function findInsightChoices({ db, excludeId }: { db: Db; excludeId?: string }) {
  return db
    .select({ id: insights.id, title: insights.title, status: insights.status })
    .from(insights)
    .where(excludeId ? ne(insights.id, excludeId) : undefined)
    .orderBy(asc(insights.title))
    .limit(500);
}

function snapshotOf(input: InsightInput) {
  const { status: _status, publishAt: _publishAt, ...content } = input;
  return content;
}

function parseInsight(input: unknown) {
  const parsed = insightFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

async function checkSlugFree(db: Db, slug: string, id?: string) {
  const [clash] = await db
    .select({ id: insights.id })
    .from(insights)
    .where(id ? and(eq(insights.slug, slug), ne(insights.id, id)) : eq(insights.slug, slug));
  if (clash)
    throw new AppError("CONFLICT", "Another insight already uses this slug.", {
      fieldErrors: { slug: ["Another insight already uses this slug. Choose another."] },
    });
}

/**
 * Creates or updates an insight from the editor. Changing the slug of a
 * published insight keeps the old URL working (a 301 to the new one); every
 * save keeps a revision; images it uses are recorded.
 */
export async function saveInsight({
  database,
  id,
  input,
  actor,
  address,
  reason = "save",
}: {
  database: Pick<Database, "db" | "notify">;
  id?: string;
  input: unknown;
  actor: Actor;
  address?: string;
  reason?: RevisionReason;
}) {
  const { db } = database;
  const value = parseInsight(input);
  const existing = id ? await getInsightForEdit({ db, id }) : undefined;
  if (id && !existing) throw new AppError("NOT_FOUND", "This insight no longer exists.");
  if (reason === "autosave" && existing?.status !== "draft")
    throw new AppError("CONFLICT", "Only drafts are saved automatically; save this one yourself.");
  await checkSlugFree(db, value.slug, id);
  const now = new Date();
  const fields = {
    title: value.title,
    slug: value.slug,
    excerpt: value.excerpt,
    body: value.body,
    author: value.author,
    tags: value.tags,
    coverImage: value.coverImage,
    coverAlt: value.coverAlt,
    seoTitle: value.seoTitle,
    seoDescription: value.seoDescription,
    socialImage: value.socialImage,
    relatedIds: value.relatedIds.filter((related) => related !== id),
    ...publishingValues(value, existing, now),
    updatedAt: now,
  };
  const saved = await db.transaction(async (tx) => {
    let recordId = id;
    if (existing && recordId) {
      await tx.update(insights).set(fields).where(eq(insights.id, recordId));
      const wasPublic =
        existing.status === "published" && existing.publishedAt && existing.publishedAt <= now;
      if (existing.slug !== value.slug && wasPublic)
        await addSlugRedirect(tx, { area: "insight", oldSlug: existing.slug, recordId });
    } else {
      const [row] = await tx.insert(insights).values(fields).returning({ id: insights.id });
      recordId = row.id;
    }
    await removeSlugRedirect(tx, { area: "insight", slug: value.slug });
    await recordRevision(tx, {
      area: "insight",
      recordId,
      snapshot: snapshotOf(value),
      reason:
        reason === "save" && fields.status === "published" && existing?.status !== "published"
          ? "publish"
          : reason,
      actor,
    });
    await setMediaUsage(tx, {
      usedBy: `insight:${recordId}`,
      label: `Insight “${value.title}”`,
      urls: [value.coverImage, value.socialImage, value.body],
    });
    if (reason !== "autosave")
      await recordAudit(tx, {
        actorId: actor.id,
        action: existing ? "update" : "create",
        area: "insights",
        recordId,
        detail: { title: value.title, slug: value.slug, status: fields.status },
        address,
      });
    return { id: recordId, slug: value.slug, status: fields.status };
  });
  await afterContentChange(database, `insight ${saved.slug}`);
  return saved;
}

/** Copies an old version's content back (its state and schedule stay as they are now). */
export async function restoreInsightRevision({
  database,
  id,
  revisionId,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  id: string;
  revisionId: string;
  actor: Actor;
  address?: string;
}) {
  const existing = await getInsightForEdit({ db: database.db, id });
  if (!existing) throw new AppError("NOT_FOUND", "This insight no longer exists.");
  const revision = await getRevision(database.db, {
    area: "insight",
    recordId: id,
    id: revisionId,
  });
  if (!revision) throw new AppError("NOT_FOUND", "That version no longer exists.");
  return saveInsight({
    database,
    id,
    input: {
      ...withoutNulls(revision.snapshot),
      status: existing.status,
      publishAt: existing.status === "scheduled" ? existing.publishAt?.toISOString() : undefined,
      relatedIds: (revision.snapshot.relatedIds as string[] | undefined) ?? [],
      tags: (revision.snapshot.tags as string[] | undefined) ?? [],
    },
    actor,
    address,
    reason: "restore",
  });
}

export async function deleteInsight({
  database,
  id,
  actor,
  address,
}: {
  database: Pick<Database, "db" | "notify">;
  id: string;
  actor: Actor;
  address?: string;
}) {
  const { db } = database;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(insights)
      .where(eq(insights.id, id))
      .returning({ slug: insights.slug, title: insights.title });
    if (!row) throw new AppError("NOT_FOUND", "This insight no longer exists.");
    await setMediaUsage(tx, { usedBy: `insight:${id}`, label: "", urls: [] });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: "insights",
      recordId: id,
      detail: row,
      address,
    });
    return row;
  });
  await afterContentChange(database, `insight ${deleted.slug} deleted`);
  return deleted;
}

export async function findInsightTitles({ db, ids }: { db: Db; ids: string[] }) {
  if (!ids.length) return [];
  return db
    .select({ id: insights.id, title: insights.title })
    .from(insights)
    .where(inArray(insights.id, ids));
}

/** A stored snapshot as form input: empty values are absent fields. */
export function withoutNulls(snapshot: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(snapshot).filter(([, value]) => value !== null));
}
