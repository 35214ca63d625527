import { eq, inArray } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { afterContentChange } from "#server/cache/invalidate.ts";
import { forgetLayoutData, rememberLayoutData } from "#server/cache/layout-data.ts";
import type { Database, Db } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { AppError, invalid } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { siteNavigationSchema } from "#shared/navigation-form.ts";
import { defaultNavigation, demoNavigation, type SiteNavigation } from "#shared/site-navigation.ts";
import { checkNavigationLinks } from "./navigation-links";
import { SETTINGS_CHANNEL } from "./update-header";

/** The published menus (what visitors see) and the staff's unpublished draft: two settings documents. */
export const NAVIGATION_ID = "navigation";
export const NAVIGATION_DRAFT_ID = "navigation-draft";

async function readDocuments(db: Db) {
  const rows = await db
    .select({ id: settings.id, value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(inArray(settings.id, [NAVIGATION_ID, NAVIGATION_DRAFT_ID]));
  return {
    published: rows.find((row) => row.id === NAVIGATION_ID),
    draft: rows.find((row) => row.id === NAVIGATION_DRAFT_ID),
  };
}

function parseStored(value: unknown, which: string): SiteNavigation | undefined {
  const parsed = siteNavigationSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  log.warn(`${which} navigation document is malformed; using the defaults`, parsed.error.issues);
  return undefined;
}

/**
 * The menus visitors see. A missing document gives the built-in links; a
 * malformed one or a failed read too, with a log line: a page never breaks over its menu.
 */
export async function getPublishedNavigation(db: Db): Promise<SiteNavigation> {
  try {
    // Kept in memory until settings or content change (server/cache/layout-data.ts).
    return await rememberLayoutData(db, NAVIGATION_ID, async () => {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.id, NAVIGATION_ID));
      return (row && parseStored(row.value, "published")) || defaultNavigation;
    });
  } catch (error) {
    log.error("could not read the navigation; using the defaults", error);
    return defaultNavigation;
  }
}

export type NavigationEditorState = {
  /** What the editor opens with: the draft when there is one, else the published menus. */
  draft: SiteNavigation;
  published: SiteNavigation;
  hasDraft: boolean;
  publishedAt: string | null;
  draftSavedAt: string | null;
};

export async function getNavigationEditorState(db: Db): Promise<NavigationEditorState> {
  const { published, draft } = await readDocuments(db);
  const publishedValue =
    (published && parseStored(published.value, "published")) || defaultNavigation;
  const draftValue = draft && parseStored(draft.value, "draft");
  return {
    draft: draftValue ?? publishedValue,
    published: publishedValue,
    hasDraft: Boolean(draftValue),
    publishedAt: published?.updatedAt.toISOString() ?? null,
    draftSavedAt: draftValue ? (draft?.updatedAt.toISOString() ?? null) : null,
  };
}

type ChangeOptions = { database: Database; actorId: string; address?: string };

/** Parses the editor's JSON field: a body that is not the document is a 400 with a message. */
export function readNavigationInput(text: unknown): unknown {
  if (typeof text !== "string" || text.length > 100_000)
    throw new AppError("INVALID", "The menus could not be read. Reload the page and try again.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID", "The menus could not be read. Reload the page and try again.");
  }
}

async function validNavigation(db: Db, input: unknown) {
  const parsed = siteNavigationSchema.safeParse(input);
  if (!parsed.success)
    throw invalid(parsed.error, "Some links need attention: see the messages below.");
  const navigation: SiteNavigation = parsed.data;
  await checkNavigationLinks({ db, navigation });
  return navigation;
}

async function writeDocument(db: Db, id: string, value: SiteNavigation) {
  await db
    .insert(settings)
    .values({ id, value })
    .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: new Date() } });
  forgetLayoutData();
}

function countsOf(navigation: SiteNavigation) {
  return {
    headerLinks: navigation.header.map((link) => link.href),
    footerGroups: navigation.footer.map((group) => `${group.title} (${group.links.length})`),
  };
}

/** Keeps the staff's edits as a draft: visitors still see the published menus. */
export async function saveNavigationDraft(options: ChangeOptions & { input: unknown }) {
  const { db } = options.database;
  const navigation = await validNavigation(db, options.input);
  await db.transaction(async (tx) => {
    await writeDocument(tx as unknown as Db, NAVIGATION_DRAFT_ID, navigation);
    await recordAudit(tx, {
      actorId: options.actorId,
      action: "save draft",
      area: "navigation",
      recordId: NAVIGATION_ID,
      detail: countsOf(navigation),
      address: options.address,
    });
  });
  return navigation;
}

/**
 * Publishes the menus: visitors' pages on every instance follow at once
 * (NOTIFY on the settings channel) and cached pages are dropped.
 */
export async function publishNavigation(options: ChangeOptions & { input: unknown }) {
  const { database } = options;
  const navigation = await validNavigation(database.db, options.input);
  await database.db.transaction(async (tx) => {
    await writeDocument(tx as unknown as Db, NAVIGATION_ID, navigation);
    await tx.delete(settings).where(eq(settings.id, NAVIGATION_DRAFT_ID));
    await recordAudit(tx, {
      actorId: options.actorId,
      action: "publish",
      area: "navigation",
      recordId: NAVIGATION_ID,
      detail: countsOf(navigation),
      address: options.address,
    });
  });
  await afterContentChange(database, "navigation");
  await database.notify(SETTINGS_CHANNEL, "navigation");
  return navigation;
}

/** Drops the draft: the editor opens with the published menus again. */
export async function discardNavigationDraft(options: ChangeOptions) {
  await options.database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(settings)
      .where(eq(settings.id, NAVIGATION_DRAFT_ID))
      .returning({ id: settings.id });
    if (removed.length)
      await recordAudit(tx, {
        actorId: options.actorId,
        action: "discard draft",
        area: "navigation",
        recordId: NAVIGATION_ID,
        address: options.address,
      });
  });
}

/** Demo content: the menus with the podcast page (an existing document is left alone). */
export async function seedNavigation(db: Db) {
  await db
    .insert(settings)
    .values({ id: NAVIGATION_ID, value: demoNavigation })
    .onConflictDoNothing();
  forgetLayoutData();
}
