import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "#server/audit/audit.ts";
import { containsText, readKeysetPage } from "#server/business/list-query.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import type { Database, Db, Tx } from "#server/db/client.ts";
import type { caseStudies, insights } from "#server/db/schema/content.ts";
import { AppError, invalid } from "#server/errors.ts";
import { setMediaUsage } from "#server/media/media.ts";
import { syncSearchDocuments } from "#server/search/index-sync.ts";
import type { PublishableKindInfo } from "#shared/content-admin/kinds.ts";
import { publishingValues } from "./publishing";
import { type Actor, getRevision, type RevisionReason, recordRevision } from "./revisions";
import { addSlugRedirect, removeSlugRedirect } from "./slug-redirects";

export const ADMIN_PAGE_SIZE = 20;

type Status = "draft" | "scheduled" | "published";
type PublishableTable = typeof insights | typeof caseStudies;

/** The editor fields every kind has; a kind's schema adds its own. */
type PublishableInput = {
  title: string;
  slug: string;
  status: Status;
  publishAt: Date | null;
  coverImage: string | null;
  coverAlt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  relatedIds: string[];
};

/** How one kind of published writing (insights, case studies) is stored and named. */
export type PublishableKind<Schema extends z.ZodType<PublishableInput>> = {
  table: PublishableTable;
  /** The audit log's area. */
  auditArea: string;
  /** Names and addresses, shared with the screens. */
  info: PublishableKindInfo;
  schema: Schema;
  /** Searched beside title and slug, and shown in the list as the byline. */
  byline: typeof insights.author | typeof caseStudies.client;
  /** The kind's own columns from a valid editor input. */
  ownFields: (value: z.infer<Schema>) => Record<string, unknown>;
  /** The HTML stored beside the Markdown, rendered at save (server/content/rendered.ts). */
  renderedFields: (db: Db, value: z.infer<Schema>) => Promise<Record<string, unknown>>;
  /** Texts and addresses whose uploaded images the item uses. */
  mediaUrls: (value: z.infer<Schema>) => Array<string | null>;
  /** A stored version's kind-specific values as editor input (lists and the like). */
  restoredInput: (snapshot: Record<string, unknown>) => Record<string, unknown>;
};

/** A stored snapshot as form input: empty values are absent fields. */
export function withoutNulls(snapshot: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(snapshot).filter(([, value]) => value !== null));
}

/**
 * The command center's operations on one kind of published writing: the list,
 * the editor's save (slug redirects, revisions, media usage, audit), restoring
 * a version and deleting.
 */
export function publishableStore<Schema extends z.ZodType<PublishableInput>>(
  kind: PublishableKind<Schema>,
) {
  const { table, info } = kind;
  const { area } = info;
  const { noun } = info;
  const gone = () => new AppError("NOT_FOUND", `This ${noun} no longer exists.`);

  /**
   * The list: search title, slug and byline, filter by state, last edited first; deep pages
   * by keyset (`after`/`before`, decisions 746, 763; `page` an offset for old addresses),
   * the count cheap past 10,000.
   */
  async function findForAdmin({
    db,
    search,
    status,
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
    after,
    before,
  }: {
    db: Db;
    search?: string;
    status?: Status;
    page?: number;
    pageSize?: number;
    after?: string;
    before?: string;
  }) {
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(table.status, status));
    if (search?.trim()) {
      const text = search.trim();
      conditions.push(
        or(
          containsText(table.title, text),
          containsText(table.slug, text),
          containsText(kind.byline, text),
        ) as SQL,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    return readKeysetPage({
      db,
      query: { page: Math.max(1, page), pageSize, after, before },
      sort: table.updatedAt,
      id: table.id,
      dir: "desc",
      where,
      count: db.select({ one: sql`1` }).from(table).where(where),
      select: db
        .select({
          id: table.id,
          title: table.title,
          slug: table.slug,
          byline: kind.byline,
          status: table.status,
          publishAt: table.publishAt,
          publishedAt: table.publishedAt,
          updatedAt: table.updatedAt,
          sortKey: sql<string>`${table.updatedAt}::text`,
        })
        .from(table)
        .$dynamic(),
    });
  }

  /** Items staff can pick as related (everything but the item itself). */
  async function findChoices({ db, excludeId }: { db: Db; excludeId?: string }) {
    return db
      .select({ id: table.id, title: table.title, status: table.status })
      .from(table)
      .where(excludeId ? ne(table.id, excludeId) : undefined)
      .orderBy(asc(table.title))
      .limit(500);
  }

  async function findTitles({ db, ids }: { db: Db; ids: string[] }) {
    if (!ids.length) return [];
    return db
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(inArray(table.id, ids));
  }

  async function checkSlugFree(db: Db, slug: string, id?: string) {
    const [clash] = await db
      .select({ id: table.id })
      .from(table)
      .where(id ? and(eq(table.slug, slug), ne(table.id, id)) : eq(table.slug, slug));
    if (clash)
      throw new AppError("CONFLICT", `Another ${noun} already uses this slug.`, {
        fieldErrors: { slug: [`Another ${noun} already uses this slug. Choose another.`] },
      });
  }

  async function findState(db: Db, id: string) {
    const [row] = await db
      .select({
        slug: table.slug,
        status: table.status,
        publishAt: table.publishAt,
        publishedAt: table.publishedAt,
      })
      .from(table)
      .where(eq(table.id, id));
    return row;
  }

  /**
   * Creates or updates an item from the editor. Changing the slug of a
   * published item keeps the old URL working (a 301 to the new one); every
   * save keeps a revision; images it uses are recorded.
   */
  async function save({
    database,
    id,
    input,
    actor,
    address,
    reason = "save",
    publishedAt,
    within,
  }: {
    database: Pick<Database, "db" | "notify">;
    id?: string;
    input: unknown;
    actor: Actor;
    address?: string;
    reason?: RevisionReason;
    /** An import keeps the date the item was first published elsewhere. */
    publishedAt?: Date;
    /** More work in the save's transaction (an import's ledger entry). */
    within?: (tx: Tx, recordId: string) => Promise<void>;
  }) {
    const { db } = database;
    const parsed = kind.schema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const value = parsed.data;
    const existing = id ? await findState(db, id) : undefined;
    if (id && !existing) throw gone();
    if (reason === "autosave" && existing?.status !== "draft")
      throw new AppError(
        "CONFLICT",
        "Only drafts are saved automatically; save this one yourself.",
      );
    await checkSlugFree(db, value.slug, id);
    const now = new Date();
    const publishing = publishingValues(value, existing, now);
    if (publishedAt && publishing.status === "published") publishing.publishedAt = publishedAt;
    const fields = {
      ...kind.ownFields(value),
      ...(await kind.renderedFields(db, value)),
      title: value.title,
      slug: value.slug,
      coverImage: value.coverImage,
      coverAlt: value.coverAlt,
      seoTitle: value.seoTitle,
      seoDescription: value.seoDescription,
      socialImage: value.socialImage,
      relatedIds: value.relatedIds.filter((related) => related !== id),
      ...publishing,
      updatedAt: now,
    };
    // The kind's own columns make the values specific to its table.
    const values = fields as PublishableTable["$inferInsert"];
    const saved = await db.transaction(async (tx) => {
      let recordId = id;
      if (existing && recordId) {
        await tx.update(table).set(values).where(eq(table.id, recordId));
        const wasPublic =
          existing.status === "published" && existing.publishedAt && existing.publishedAt <= now;
        if (existing.slug !== value.slug && wasPublic)
          await addSlugRedirect(tx, { area, oldSlug: existing.slug, recordId });
      } else {
        const [row] = await tx.insert(table).values(values).returning({ id: table.id });
        recordId = row.id;
      }
      await removeSlugRedirect(tx, { area, slug: value.slug });
      await syncSearchDocuments(tx, { kind: area, ids: [recordId] });
      const { status: _status, publishAt: _publishAt, ...snapshot } = value;
      await recordRevision(tx, {
        area,
        recordId,
        snapshot,
        reason:
          reason === "save" && publishing.status === "published" && existing?.status !== "published"
            ? "publish"
            : reason,
        actor,
      });
      await setMediaUsage(tx, {
        usedBy: `${area}:${recordId}`,
        label: `${info.title} “${value.title}”`,
        urls: [value.coverImage, value.socialImage, ...kind.mediaUrls(value)],
      });
      await within?.(tx, recordId);
      if (reason !== "autosave")
        await recordAudit(tx, {
          actorId: actor.id,
          action: existing ? "update" : "create",
          area: kind.auditArea,
          recordId,
          detail: { title: value.title, slug: value.slug, status: publishing.status },
          address,
        });
      return { id: recordId, slug: value.slug, status: publishing.status };
    });
    await afterContentChange(database, `${noun} ${saved.slug}`);
    return saved;
  }

  /** Copies an old version's content back (its state and schedule stay as they are now). */
  async function restoreRevision({
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
    const existing = await findState(database.db, id);
    if (!existing) throw gone();
    const revision = await getRevision(database.db, { area, recordId: id, id: revisionId });
    if (!revision) throw new AppError("NOT_FOUND", "That version no longer exists.");
    return save({
      database,
      id,
      input: {
        ...withoutNulls(revision.snapshot),
        ...kind.restoredInput(revision.snapshot),
        status: existing.status,
        publishAt: existing.status === "scheduled" ? existing.publishAt?.toISOString() : undefined,
        relatedIds: (revision.snapshot.relatedIds as string[] | undefined) ?? [],
      },
      actor,
      address,
      reason: "restore",
    });
  }

  async function remove({
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
    const deleted = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(table)
        .where(eq(table.id, id))
        .returning({ slug: table.slug, title: table.title });
      if (!row) throw gone();
      await syncSearchDocuments(tx, { kind: area, ids: [id] });
      await setMediaUsage(tx, { usedBy: `${area}:${id}`, label: "", urls: [] });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "delete",
        area: kind.auditArea,
        recordId: id,
        detail: row,
        address,
      });
      return row;
    });
    await afterContentChange(database, `${noun} ${deleted.slug} deleted`);
    return deleted;
  }

  return { info, area, findForAdmin, findChoices, findTitles, save, restoreRevision, remove };
}

export type PublishableStore = ReturnType<typeof publishableStore>;
