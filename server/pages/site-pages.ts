import { eq } from "drizzle-orm";
import { rememberPublicData } from "#server/cache/layout-data.ts";
import { findPublishedCaseStudies } from "#server/content/case-studies.ts";
import { findPublishedInsights } from "#server/content/insights.ts";
import { renderMarkdown } from "#server/content/markdown.ts";
import { findVisibleTestimonials } from "#server/content/testimonials.ts";
import { recordRevision } from "#server/content-admin/revisions.ts";
import type { Db } from "#server/db/client.ts";
import { pages } from "#server/db/schema/pages.ts";
import { settings } from "#server/db/schema/settings.ts";
import { checkPageBlocks, type PageBlock } from "#shared/pages/blocks.ts";
import type { PageBlockData, SitePageView } from "#shared/pages/view.ts";
import { builtInPages, findBuiltInPage } from "./built-in";
import { findLivePages, getPageByPath, snapshotOf } from "./pages";

/** At most this many published items are looked through for a block's chosen ones. */
const CHOSEN_WINDOW = 200;

/**
 * What a page's blocks need beyond themselves, read on the server: Markdown as sanitised
 * HTML, the testimonials, case studies and insights they show. By block index.
 */
export async function loadPageBlockData({
  db,
  blocks,
}: {
  db: Db;
  blocks: PageBlock[];
}): Promise<PageBlockData[]> {
  const data: PageBlockData[] = [];
  let visibleTestimonials: Awaited<ReturnType<typeof findVisibleTestimonials>> | undefined;
  for (const block of blocks) {
    switch (block.type) {
      case "richText":
      case "imageText":
        data.push({ html: renderMarkdown(block.markdown) });
        break;
      case "sections":
        data.push({
          sectionsHtml: block.items.map((item) =>
            item.markdown ? renderMarkdown(item.markdown) : "",
          ),
        });
        break;
      case "testimonials": {
        // The same remembered list the other public pages read (decision 725).
        visibleTestimonials ??= await rememberPublicData(db, "testimonials", () =>
          findVisibleTestimonials({ db }),
        );
        const all = visibleTestimonials;
        const picked = block.ids.length
          ? block.ids.flatMap((id) => all.filter((row) => row.id === id))
          : all.slice(0, 12);
        data.push({ testimonials: picked });
        break;
      }
      case "contentList": {
        const size = block.mode === "chosen" ? CHOSEN_WINDOW : block.count;
        const rows =
          block.kind === "case-studies"
            ? (await findPublishedCaseStudies({ db, pageSize: size })).items
            : (await findPublishedInsights({ db, pageSize: size })).items;
        const cards =
          block.mode === "chosen"
            ? block.ids.flatMap((id) => rows.filter((row) => row.id === id))
            : rows.slice(0, block.count);
        data.push(
          block.kind === "case-studies"
            ? { caseStudies: cards as PageBlockData["caseStudies"] }
            : { insights: cards as PageBlockData["insights"] },
        );
        break;
      }
      default:
        data.push({});
    }
  }
  return data;
}

/** A built-in page's blocks, checked as a stored page's are. */
function builtInBlocks(path: string) {
  const page = findBuiltInPage(path);
  if (!page) return undefined;
  const checked = checkPageBlocks(page.blocks);
  if (!checked.ok) throw new Error(`The built-in page ${path} is not valid: ${checked.message}`);
  return { page, blocks: checked.blocks };
}

/** Whether any page, live or not, is stored at a path. */
async function isStored(db: Db, path: string) {
  const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.path, path));
  return Boolean(row);
}

/**
 * The live page at a path as the site renders it, or null (nothing live there). A built-in
 * path nobody has stored a page at is served from the code (server/pages/built-in.ts). Kept
 * in memory until content changes (decision 725): the same object while it stays, so its
 * static parts are rendered once (decision 737).
 */
export function loadSitePage({ db, path }: { db: Db; path: string }) {
  return rememberPublicData(db, `page:${path}`, async (): Promise<SitePageView | null> => {
    const stored = await getPageByPath({ db, path });
    if (stored) {
      return {
        path: stored.path,
        title: stored.title,
        seoTitle: stored.seoTitle,
        seoDescription: stored.seoDescription,
        socialImage: stored.socialImage,
        isNoindex: stored.isNoindex,
        updatedAt: stored.updatedAt.toISOString(),
        blocks: stored.blocks,
        data: await loadPageBlockData({ db, blocks: stored.blocks }),
      };
    }
    const builtIn = builtInBlocks(path);
    if (!builtIn || (await isStored(db, path))) return null;
    return {
      path,
      title: builtIn.page.title,
      seoTitle: builtIn.page.seoTitle,
      seoDescription: builtIn.page.seoDescription,
      socialImage: null,
      isNoindex: false,
      updatedAt: null,
      blocks: builtIn.blocks,
      data: await loadPageBlockData({ db, blocks: builtIn.blocks }),
    };
  });
}

const SEEDED_MARKER_ID = "pages-seeded";
/** Who the built-in pages' first versions are by. */
const SITE_AUTHOR = { id: "site", name: "The site's original pages" };

/**
 * Stores the built-in pages once per database (the demo content, and a database made before
 * pages existed), published, so staff edit them in /admin/pages. A page already at a path is
 * left alone; a page staff delete later is not put back.
 */
export async function seedSitePages(db: Db) {
  const [marker] = await db
    .select({ id: settings.id })
    .from(settings)
    .where(eq(settings.id, SEEDED_MARKER_ID));
  if (marker) return false;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const page of builtInPages) {
      const checked = checkPageBlocks(page.blocks);
      if (!checked.ok)
        throw new Error(`The built-in page ${page.path} is not valid: ${checked.message}`);
      const [row] = await tx
        .insert(pages)
        .values({
          path: page.path,
          title: page.title,
          blocks: checked.blocks,
          status: "published",
          publishedAt: now,
          seoTitle: page.seoTitle,
          seoDescription: page.seoDescription,
          isHome: page.isHome ?? false,
          version: 1,
        })
        .onConflictDoNothing()
        .returning();
      // Its first version, so a conflict on it can say what changed since (decision 530).
      if (row)
        await recordRevision(tx, {
          area: "page",
          recordId: row.id,
          snapshot: snapshotOf(row),
          reason: "publish",
          actor: SITE_AUTHOR,
        });
    }
    await tx
      .insert(settings)
      .values({ id: SEEDED_MARKER_ID, value: { seededAt: now.toISOString() } })
      .onConflictDoNothing();
  });
  return true;
}

/** The live page at a path for a route's loader; a 404 when nothing is live there. */
export async function requireSitePage({ db, path }: { db: Db; path: string }) {
  const view = await loadSitePage({ db, path });
  if (!view) throw new Response("Not Found", { status: 404 });
  return view;
}

/**
 * The paths of every live page, kept in memory until content changes: the site's catch-all
 * route asks this before the database, so an address nobody uses costs no query.
 */
export function findLivePagePaths({ db }: { db: Db }) {
  return rememberPublicData(
    db,
    "page-paths",
    async () => new Set((await findLivePages({ db })).map((page) => page.path)),
  );
}

/** The path a request names, as pages store it: no trailing slash but for the home page. */
export function pagePathOf(pathname: string) {
  return pathname.replace(/\/+$/, "") || "/";
}
