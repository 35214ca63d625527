import { and, asc, desc, eq, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { containsText } from "#server/business/list-query.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import { isLive } from "#server/content/published.ts";
import {
  type Actor,
  findRevisions,
  getRevision,
  type RevisionReason,
  recordRevision,
} from "#server/content-admin/revisions.ts";
import type { Database, Db, Tx } from "#server/db/client.ts";
import type { PublishStatus } from "#server/db/schema/content.ts";
import { type PageRow, pages } from "#server/db/schema/pages.ts";
import { contentRevisions } from "#server/db/schema/revisions.ts";
import { AppError, invalid } from "#server/errors.ts";
import { setMediaUsage } from "#server/media/media.ts";
import { syncSearchDocuments } from "#server/search/index-sync.ts";
import { isProductPath, redirectMovedPage } from "#server/seo/redirects.ts";
import { checkPageBlocks, type PageBlock, pageFieldsSchema } from "#shared/pages/blocks.ts";
import { describePageChanges, type PageSnapshot } from "#shared/pages/changes.ts";
import { isRouteOwnedPath } from "./paths";

export type { Actor } from "#server/content-admin/revisions.ts";
export type Page = PageRow;

/** What the editor sends: the page's fields and its blocks (checked by shared/pages/blocks.ts). */
export type PageInput = {
  path: string;
  title: string;
  blocks: unknown;
  seoTitle?: string | null;
  seoDescription?: string | null;
  socialImage?: string | null;
  isNoindex?: boolean;
};

type Writer = {
  database: Pick<Database, "db" | "notify">;
  actor: Actor;
  /** The client address the change came from. */
  address?: string;
};

const AUDIT_AREA = "pages";
const REVISION_AREA = "page";

/**
 * A save refused because someone else saved the page since the editor opened it: carries
 * the page as it is now and what they changed, so the editor can show both and keep what
 * was typed.
 */
export class PageConflictError extends AppError {
  readonly current: Page;
  readonly changes: string[];
  readonly savedBy: string | null;

  constructor(current: Page, changes: string[], savedBy: string | null) {
    super(
      "CONFLICT",
      `${savedBy ?? "Someone else"} saved this page while you were editing it (now version ${current.version}). Your changes are kept: compare, then save again.`,
    );
    this.current = current;
    this.changes = changes;
    this.savedBy = savedBy;
  }
}

const gone = () => new AppError("NOT_FOUND", "This page no longer exists.");

/** The page's fields the editor holds (and a conflict hands back as "theirs"). */
export type EditablePage = Pick<Page, keyof PageSnapshot>;

export function editableOf(page: EditablePage): EditablePage {
  return {
    path: page.path,
    title: page.title,
    blocks: page.blocks,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    socialImage: page.socialImage,
    isNoindex: page.isNoindex,
  };
}

/** A page's editable content as a revision keeps it. */
export function snapshotOf(page: Pick<Page, keyof PageSnapshot | "version">) {
  return { ...editableOf(page), version: page.version };
}

/** The fields and blocks of an input, checked; a bad block's message names it. */
export function parsePageInput(input: PageInput) {
  const fields = pageFieldsSchema.safeParse(input);
  if (!fields.success) throw invalid(fields.error);
  const blocks = checkPageBlocks(input.blocks);
  if (!blocks.ok)
    throw new AppError("INVALID", blocks.message, {
      fieldErrors: Object.fromEntries(
        blocks.problems.map((problem) => [
          problem.index < 0 ? "blocks" : `blocks.${problem.index}`,
          [problem.message],
        ]),
      ),
    });
  return {
    path: fields.data.path,
    title: fields.data.title,
    blocks: blocks.blocks,
    seoTitle: fields.data.seoTitle || null,
    seoDescription: fields.data.seoDescription || null,
    socialImage: fields.data.socialImage || null,
    isNoindex: fields.data.isNoindex,
  };
}

/** Refuses a path a route answers or another page holds. */
async function checkPathFree(db: Db | Tx, path: string, id?: string) {
  if (isProductPath(path) || isRouteOwnedPath(path))
    throw new AppError("CONFLICT", `${path} belongs to another part of the site.`, {
      fieldErrors: { path: ["This address belongs to another part of the site. Choose another."] },
    });
  const [clash] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(id ? and(eq(pages.path, path), ne(pages.id, id)) : eq(pages.path, path));
  if (clash)
    throw new AppError("CONFLICT", `Another page already lives at ${path}.`, {
      fieldErrors: { path: ["Another page already uses this address. Choose another."] },
    });
}

/** Image addresses a page's blocks and social image use (media usage). */
function mediaUrlsOf(blocks: PageBlock[], socialImage: string | null) {
  const urls: Array<string | null> = [socialImage];
  for (const block of blocks) {
    if (block.type === "imageText") urls.push(block.image);
    if (block.type === "logoStrip") for (const item of block.items) urls.push(item.image ?? null);
  }
  return urls;
}

async function afterWrite(tx: Tx, page: Page) {
  await setMediaUsage(tx, {
    usedBy: `page:${page.id}`,
    label: `Page “${page.title}”`,
    urls: mediaUrlsOf(page.blocks, page.socialImage),
  });
  await pageSearchSync(tx, [page.id]);
}

/** Keeps the site search's index in step with pages, in the page's transaction. */
async function pageSearchSync(tx: Tx, ids: string[]) {
  await syncSearchDocuments(tx, { kind: "page", ids });
}

async function lockPage(tx: Tx, id: string) {
  const [row] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
  if (!row) throw gone();
  return row;
}

/** The author of a page's newest revision. */
async function lastAuthor(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ name: contentRevisions.authorName })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.area, REVISION_AREA), eq(contentRevisions.recordId, id)))
    .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.seq))
    .limit(1);
  return row?.name ?? null;
}

/** The conflict for an editor that opened `expectedVersion` of a page now at a later one. */
async function conflictFor(tx: Tx, current: Page, expectedVersion: number) {
  const revisions = await tx
    .select({ snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.area, REVISION_AREA),
        eq(contentRevisions.recordId, current.id),
        sql`(${contentRevisions.snapshot} ->> 'version')::int = ${expectedVersion}`,
      ),
    )
    .orderBy(desc(contentRevisions.seq))
    .limit(1);
  const base = revisions[0]?.snapshot as PageSnapshot | undefined;
  const changes = base
    ? describePageChanges(base, current as PageSnapshot)
    : ["The page changed since you opened it"];
  return new PageConflictError(current, changes, await lastAuthor(tx, current.id));
}

function revisionReason(
  reason: RevisionReason,
  before: PublishStatus | undefined,
  after: PublishStatus,
) {
  return reason === "save" && after === "published" && before !== "published" ? "publish" : reason;
}

/** Publishing state of a create or a status change. */
function stateValues(
  status: PublishStatus,
  publishAt: Date | null | undefined,
  existing: Pick<Page, "status" | "publishedAt"> | undefined,
  now: Date,
  publishedAt?: Date | null,
) {
  if (status === "published")
    return {
      status,
      publishAt: null,
      publishedAt:
        publishedAt ??
        (existing?.status === "published" && existing.publishedAt ? existing.publishedAt : now),
    };
  if (status === "scheduled") {
    if (!publishAt || publishAt <= now)
      throw new AppError("INVALID", "Choose a time in the future to publish the page.", {
        fieldErrors: { publishAt: ["Choose a time in the future."] },
      });
    return { status, publishAt, publishedAt: null };
  }
  return { status, publishAt: null, publishedAt: existing?.publishedAt ?? null };
}

/**
 * Creates a page (a draft unless told otherwise). `within` runs more work in the same
 * transaction (an import's ledger entry).
 */
export async function createPage({
  database,
  actor,
  address,
  input,
  status = "draft",
  publishAt,
  publishedAt,
  isHome = false,
  within,
}: Writer & {
  input: PageInput;
  status?: PublishStatus;
  publishAt?: Date | null;
  /** An import keeps the date the page was first published elsewhere. */
  publishedAt?: Date | null;
  isHome?: boolean;
  within?: (tx: Tx, page: Page) => Promise<void>;
}): Promise<Page> {
  const value = parsePageInput(input);
  const now = new Date();
  const state = stateValues(status, publishAt, undefined, now, publishedAt);
  const page = await database.db.transaction(async (tx) => {
    await checkPathFree(tx, value.path);
    const [row] = await tx
      .insert(pages)
      .values({ ...value, ...state, isHome, version: 1, createdAt: now, updatedAt: now })
      .returning();
    await recordRevision(tx, {
      area: REVISION_AREA,
      recordId: row.id,
      snapshot: snapshotOf(row),
      reason: revisionReason("save", undefined, row.status),
      actor,
    });
    await afterWrite(tx, row);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "create",
      area: AUDIT_AREA,
      recordId: row.id,
      detail: { path: row.path, title: row.title, status: row.status },
      address,
    });
    await within?.(tx, row);
    return row;
  });
  if (page.status === "published") await afterContentChange(database, `page ${page.path}`);
  return page;
}

/**
 * Saves the editor's copy of a page opened at `expectedVersion`. Someone else's save in
 * between is a PageConflictError (nothing is written). A live page's move to a new path
 * leaves a 301 from the old one. Autosaves keep one revision and are not audited; only
 * drafts are saved automatically (a live page changes only when someone saves it).
 */
export async function updatePage({
  database,
  actor,
  address,
  id,
  expectedVersion,
  input,
  reason = "save",
}: Writer & {
  id: string;
  expectedVersion: number;
  input: PageInput;
  reason?: "save" | "autosave" | "restore";
}): Promise<Page> {
  const value = parsePageInput(input);
  const now = new Date();
  const { page, wasLive } = await database.db.transaction(async (tx) => {
    const existing = await lockPage(tx, id);
    if (existing.version !== expectedVersion)
      throw await conflictFor(tx, existing, expectedVersion);
    if (reason === "autosave" && existing.status !== "draft")
      throw new AppError(
        "CONFLICT",
        "Only drafts are saved automatically; save this page yourself.",
      );
    const moved = existing.path !== value.path;
    if (moved && existing.isHome)
      throw new AppError("INVALID", "The home page always lives at /.", {
        fieldErrors: { path: ["The home page always lives at /."] },
      });
    if (moved) await checkPathFree(tx, value.path, id);
    const live = isLiveRow(existing, now);
    const [row] = await tx
      .update(pages)
      .set({ ...value, version: existing.version + 1, updatedAt: now })
      .where(eq(pages.id, id))
      .returning();
    if (moved && live) await redirectMovedPage(tx, { fromPath: existing.path, toPath: row.path });
    await recordRevision(tx, {
      area: REVISION_AREA,
      recordId: id,
      snapshot: snapshotOf(row),
      reason,
      actor,
    });
    await afterWrite(tx, row);
    if (reason !== "autosave")
      await recordAudit(tx, {
        actorId: actor.id,
        action: reason === "restore" ? "restore" : "update",
        area: AUDIT_AREA,
        recordId: id,
        detail: {
          path: row.path,
          title: row.title,
          version: row.version,
          ...(moved ? { movedFrom: existing.path } : {}),
        },
        address,
      });
    return { page: row, wasLive: live };
  });
  if (wasLive) await afterContentChange(database, `page ${page.path}`);
  return page;
}

function isLiveRow(page: Pick<Page, "status" | "publishedAt">, now = new Date()) {
  return page.status === "published" && (!page.publishedAt || page.publishedAt <= now);
}

/** Changes a page's state (publish, schedule, unpublish) as one audited save. */
async function changeState({
  database,
  actor,
  address,
  id,
  expectedVersion,
  status,
  publishAt,
  action,
}: Writer & {
  id: string;
  expectedVersion?: number;
  status: PublishStatus;
  publishAt?: Date | null;
  action: "publish" | "schedule" | "unpublish";
}) {
  const now = new Date();
  const page = await database.db.transaction(async (tx) => {
    const existing = await lockPage(tx, id);
    if (expectedVersion !== undefined && existing.version !== expectedVersion)
      throw await conflictFor(tx, existing, expectedVersion);
    if (existing.isHome && status !== "published")
      throw new AppError(
        "INVALID",
        "The home page cannot be unpublished: the site needs it. Edit it instead.",
      );
    const state = stateValues(status, publishAt, existing, now);
    const [row] = await tx
      .update(pages)
      .set({ ...state, version: existing.version + 1, updatedAt: now })
      .where(eq(pages.id, id))
      .returning();
    await recordRevision(tx, {
      area: REVISION_AREA,
      recordId: id,
      snapshot: snapshotOf(row),
      reason: action === "publish" ? "publish" : "save",
      actor,
    });
    await pageSearchSync(tx, [id]);
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      area: AUDIT_AREA,
      recordId: id,
      detail: {
        path: row.path,
        title: row.title,
        status: row.status,
        ...(row.publishAt ? { publishAt: row.publishAt.toISOString() } : {}),
      },
      address,
    });
    return row;
  });
  await afterContentChange(database, `page ${page.path} ${action}`);
  return page;
}

/** Publishes a page now (its first publication dates it). */
export function publishPage(options: Writer & { id: string; expectedVersion?: number }) {
  return changeState({ ...options, status: "published", action: "publish" });
}

/** Schedules a page to go live at `publishAt` (the content.publish-scheduled job). */
export function schedulePage(
  options: Writer & { id: string; publishAt: Date; expectedVersion?: number },
) {
  return changeState({ ...options, status: "scheduled", action: "schedule" });
}

/** Takes a page off the site (back to a draft); refused for the home page. */
export function unpublishPage(options: Writer & { id: string; expectedVersion?: number }) {
  return changeState({ ...options, status: "draft", action: "unpublish" });
}

/** Deletes a page; refused for the home page. Its revisions stay for the audit trail. */
export async function deletePage({ database, actor, address, id }: Writer & { id: string }) {
  const deleted = await database.db.transaction(async (tx) => {
    const existing = await lockPage(tx, id);
    if (existing.isHome)
      throw new AppError("INVALID", "The home page cannot be deleted: the site needs it.");
    await tx.delete(pages).where(eq(pages.id, id));
    await setMediaUsage(tx, { usedBy: `page:${id}`, label: "", urls: [] });
    await pageSearchSync(tx, [id]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delete",
      area: AUDIT_AREA,
      recordId: id,
      detail: { path: existing.path, title: existing.title },
      address,
    });
    return existing;
  });
  if (isLiveRow(deleted)) await afterContentChange(database, `page ${deleted.path} deleted`);
  return deleted;
}

/** A draft copy of a page at a free path (`/faq-copy`, `/faq-copy-2`, …) unless one is given. */
export async function duplicatePage({
  database,
  actor,
  address,
  id,
  path,
}: Writer & { id: string; path?: string }) {
  const { db } = database;
  const [source] = await db.select().from(pages).where(eq(pages.id, id));
  if (!source) throw gone();
  let target = path;
  if (!target) {
    const base = source.path === "/" ? "/home-copy" : `${source.path}-copy`;
    target = base;
    for (let attempt = 2; attempt < 100; attempt++) {
      const [clash] = await db.select({ id: pages.id }).from(pages).where(eq(pages.path, target));
      if (!clash) break;
      target = `${base}-${attempt}`;
    }
  }
  return createPage({
    database,
    actor,
    address,
    input: { ...snapshotOf(source), path: target, title: `${source.title} (copy)` },
  });
}

/** The command center's list: search title and path, filter by state, home first. */
export async function listPages({
  db,
  search,
  status,
}: {
  db: Db;
  search?: string;
  status?: PublishStatus;
}) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(pages.status, status));
  if (search?.trim())
    conditions.push(
      or(containsText(pages.title, search.trim()), containsText(pages.path, search.trim())) as SQL,
    );
  return db
    .select({
      id: pages.id,
      path: pages.path,
      title: pages.title,
      status: pages.status,
      publishAt: pages.publishAt,
      publishedAt: pages.publishedAt,
      isHome: pages.isHome,
      isNoindex: pages.isNoindex,
      version: pages.version,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(pages.isHome), asc(pages.path));
}

/** The live page at a path, for the public site; undefined when none is live there. */
export async function getPageByPath({ db, path }: { db: Db; path: string }) {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.path, path), isLive(pages)));
  return row as Page | undefined;
}

/** A page as the editor opens it (any state). */
export async function getPageForEdit({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  return row as Page | undefined;
}

/** Every live page's path and dates (sitemap, menu picker, search). */
export async function findLivePages({ db }: { db: Db }) {
  return db
    .select({
      id: pages.id,
      path: pages.path,
      title: pages.title,
      isNoindex: pages.isNoindex,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(isLive(pages))
    .orderBy(asc(pages.path));
}

/** A page's versions, newest first. */
export function findPageRevisions({ db, id, limit }: { db: Db; id: string; limit?: number }) {
  return findRevisions(db, { area: REVISION_AREA, recordId: id, limit });
}

/**
 * Copies an old version's title, blocks and SEO fields back as a new version (the path and
 * state stay as they are now). Refused as a conflict when the page moved on from
 * `expectedVersion`.
 */
export async function restorePageRevision({
  database,
  actor,
  address,
  id,
  revisionId,
  expectedVersion,
}: Writer & { id: string; revisionId: string; expectedVersion: number }) {
  const revision = await getRevision(database.db, {
    area: REVISION_AREA,
    recordId: id,
    id: revisionId,
  });
  if (!revision) throw new AppError("NOT_FOUND", "That version no longer exists.");
  const current = await getPageForEdit({ db: database.db, id });
  if (!current) throw gone();
  const snapshot = revision.snapshot as PageSnapshot;
  return updatePage({
    database,
    actor,
    address,
    id,
    expectedVersion,
    reason: "restore",
    input: {
      path: current.path,
      title: snapshot.title,
      blocks: snapshot.blocks,
      seoTitle: snapshot.seoTitle ?? null,
      seoDescription: snapshot.seoDescription ?? null,
      socialImage: snapshot.socialImage ?? null,
      isNoindex: snapshot.isNoindex ?? false,
    },
  });
}

/**
 * Publishes every scheduled page whose time has come, dated at its scheduled time (run by
 * the content.publish-scheduled job beside insights and case studies).
 */
export async function publishDuePages(database: Pick<Database, "db" | "notify">, now = new Date()) {
  const published = await database.db.transaction(async (tx) => {
    const rows = await tx
      .update(pages)
      .set({
        status: "published",
        publishedAt: sql`${pages.publishAt}`,
        publishAt: null,
        version: sql`${pages.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(pages.status, "scheduled"), lte(pages.publishAt, now)))
      .returning();
    for (const row of rows) {
      await recordRevision(tx, {
        area: REVISION_AREA,
        recordId: row.id,
        snapshot: snapshotOf(row),
        reason: "publish",
        actor: { id: "system", name: "Scheduled publishing" },
      });
      await recordAudit(tx, {
        actorId: null,
        action: "publish",
        area: AUDIT_AREA,
        recordId: row.id,
        detail: { path: row.path, title: row.title, scheduled: true },
      });
    }
    await pageSearchSync(
      tx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => row.path);
  });
  if (published.length) await afterContentChange(database, "scheduled pages published");
  return published;
}
