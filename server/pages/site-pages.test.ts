import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { invalidatePublicPages } from "#server/cache/page-cache.ts";
import { pages } from "#server/db/schema/pages.ts";
import { services } from "#shared/content/services.ts";
import { checkPageBlocks } from "#shared/pages/blocks.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { builtInPages } from "./built-in";
import { createPage, findPageRevisions, publishPage, unpublishPage, updatePage } from "./pages";
import {
  findLivePagePaths,
  loadSitePage,
  pagePathOf,
  requireSitePage,
  seedSitePages,
} from "./site-pages";

const actor = { id: "admin-1", name: "Ada Admin" };

it("every built-in page is valid for its blocks' schemas", () => {
  for (const page of builtInPages) {
    const checked = checkPageBlocks(page.blocks);
    expect(checked.ok ? "" : checked.message, page.path).toBe("");
  }
  expect(builtInPages.map((page) => page.path).sort()).toEqual(
    [
      "/",
      "/about-us",
      "/faq",
      "/personas",
      "/pricing",
      "/services",
      ...services.map((service) => `/services/${service.slug}`),
    ].sort(),
  );
});

it("a request's path is the page's path without a trailing slash", () => {
  expect(pagePathOf("/spring-audit/")).toBe("/spring-audit");
  expect(pagePathOf("/")).toBe("/");
  expect(pagePathOf("")).toBe("/");
});

describeEachDatabase("the site's pages as visitors get them", (get) => {
  const db = () => get().db;

  it("serves a built-in path from the code while no page is stored there", async () => {
    const view = await loadSitePage({ db: db(), path: "/faq" });
    expect(view?.blocks.map((block) => block.type)).toEqual(["hero", "faqList", "ctaBand"]);
    expect(view?.updatedAt).toBeNull();
    expect(await loadSitePage({ db: db(), path: "/nowhere" })).toBeNull();
  });

  it("stores the built-in pages once, published, and never puts a deleted one back", async () => {
    expect(await seedSitePages(db())).toBe(true);
    const rows = await db().select().from(pages);
    expect(rows.map((row) => row.path).sort()).toEqual(
      builtInPages.map((page) => page.path).sort(),
    );
    expect(rows.every((row) => row.status === "published")).toBe(true);
    expect(rows.find((row) => row.path === "/")?.isHome).toBe(true);
    // Each has its first version, so a conflict on it says what changed since.
    const revisions = await findPageRevisions({ db: db(), id: rows[0].id });
    expect(revisions).toHaveLength(1);
    const about = rows.find((row) => row.path === "/about-us");
    const headings = (about?.blocks ?? []).map((block) =>
      "heading" in block ? block.heading : "title" in block ? block.title : block.type,
    );
    expect(headings).toEqual([
      "A senior team that builds like it owns the outcome",
      "Who we are",
      "Velocity, precision and partnership, in practice",
      "What we hold ourselves to",
      "The team you meet is the team that builds",
      "Who we build for",
      "In our clients’ words",
      "Work with people who have done it before",
    ]);
    await db().delete(pages).where(eq(pages.path, "/pricing"));
    expect(await seedSitePages(db())).toBe(false);
    expect(await db().select().from(pages).where(eq(pages.path, "/pricing"))).toEqual([]);
  });

  it("shows what staff saved, and nothing at a built-in path staff took off the site", async () => {
    const database = get();
    const [faq] = await db().select().from(pages).where(eq(pages.path, "/faq"));
    const blocks = faq.blocks.map((block) =>
      block.type === "faqList"
        ? { ...block, items: [{ question: "Do you sign NDAs?", answer: "Yes." }, ...block.items] }
        : block,
    );
    await updatePage({
      database,
      actor,
      id: faq.id,
      expectedVersion: faq.version,
      input: { path: "/faq", title: faq.title, blocks },
    });
    const view = await requireSitePage({ db: db(), path: "/faq" });
    const list = view.blocks.find((block) => block.type === "faqList");
    expect(list?.type === "faqList" && list.items[0].question).toBe("Do you sign NDAs?");

    await unpublishPage({ database, actor, id: faq.id });
    await invalidatePublicPages(database, "test");
    expect(await loadSitePage({ db: db(), path: "/faq" })).toBeNull();
    const refused = await requireSitePage({ db: db(), path: "/faq" }).catch((error) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
  });

  it("serves a landing page at its own path once it is live, with its blocks' data", async () => {
    const database = get();
    const path = `/spring-audit-${randomUUID().slice(0, 6)}`;
    const page = await createPage({
      database,
      actor,
      input: {
        path,
        title: "Spring audit",
        isNoindex: true,
        blocks: [
          { type: "hero", title: "A spring audit of your platform" },
          { type: "richText", markdown: "Two weeks, **fixed price**. [Book](javascript:alert(1))" },
          { type: "contactForm", heading: "Book yours" },
        ],
      },
    });
    expect((await findLivePagePaths({ db: db() })).has(path)).toBe(false);
    expect(await loadSitePage({ db: db(), path })).toBeNull();

    await publishPage({ database, actor, id: page.id });
    expect((await findLivePagePaths({ db: db() })).has(path)).toBe(true);
    const view = await requireSitePage({ db: db(), path });
    expect(view.isNoindex).toBe(true);
    expect(view.data[1].html).toContain("<strong>fixed price</strong>");
    expect(view.data[1].html).not.toContain("javascript:");
    // The same object while nothing changes: its static parts are kept for it (decision 737).
    expect(await loadSitePage({ db: db(), path })).toBe(view);
  });
});
