import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insights } from "#server/db/schema/content.ts";
import { pages } from "#server/db/schema/pages.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { fixture, importEnv, importFile, startOldSite, tempFile } from "#tests/helpers/imports.ts";

let site: Awaited<ReturnType<typeof startOldSite>>;
beforeAll(async () => {
  site = await startOldSite();
});
afterAll(async () => {
  await site?.close();
});

const rowOf = <Row extends { itemKind: string; label: string }>(
  items: Row[],
  kind: string,
  label: string,
) => items.find((item) => item.itemKind === kind && item.label.includes(label));

describeEachDatabase("Ghost import", (get) => {
  it("maps posts with tags, authors, excerpts and images, pages into blocks, and runs once", async () => {
    const database = get();
    const env = importEnv({ PRIVATE_FETCH_ORIGINS: site.origin });
    const file = tempFile("ghost.json", fixture("ghost.json"));
    const options = { siteUrl: `${site.origin}/blog` };
    const { preview, items, run } = await importFile({
      database,
      env,
      kind: "ghost",
      file,
      options,
    });
    expect(run?.status).toBe("done");
    expect(rowOf(preview.items, "post", "Shipping with Ghost")?.reason).toMatch(
      /tags: engineering, shipping\./,
    );
    expect(rowOf(preview.items, "post", "Only in mobiledoc")).toMatchObject({ action: "skip" });
    expect(rowOf(preview.items, "post", "Only in mobiledoc")?.reason).toMatch(/no HTML/);
    expect(rowOf(preview.items, "post", "For paying members")?.reason).toMatch(
      /paying members only on Ghost: kept as a draft/,
    );
    expect(rowOf(preview.items, "page", "Contact us")).toMatchObject({ action: "create" });
    expect(rowOf(preview.items, "page", "Contact us")?.reason).toMatch(
      /^Published page \/contact-us: a hero and 1 rich-text block\. Scripts, frames and forms/,
    );
    // /pricing is one of the site's own pages: the draft takes a free path.
    expect(rowOf(preview.items, "page", "Pricing (draft)")?.reason).toMatch(
      /^Draft page \/pricing-2: .* At \/pricing-2: \/pricing already has a page\./,
    );
    expect(rowOf(preview.items, "redirect", "/blog/contact-us")).toMatchObject({
      action: "create",
      label: "/blog/contact-us → /contact-us",
    });
    expect(items.filter((item) => item.outcome === "failed")).toEqual([]);

    const [post] = await database.db
      .select()
      .from(insights)
      .where(eq(insights.slug, "shipping-with-ghost"));
    expect(post).toMatchObject({
      title: "Shipping with Ghost",
      author: "Grace Author",
      excerpt: "What we learned shipping on Ghost.",
      tags: ["engineering", "shipping"],
      status: "published",
      coverAlt: "A container ship",
    });
    expect(post.publishedAt?.toISOString()).toBe("2023-01-11T09:00:00.000Z");
    expect(post.coverImage).toMatch(/^\/uploads\/images\//);
    expect(post.body).toMatch(/!\[A ship\]\(\/uploads\/images\/[0-9a-f]{32}-\d+\.webp\)/);
    expect(post.body).not.toMatch(/steal\(|<script|__GHOST_URL__/);
    expect(site.requests).toContain("/blog/content/images/2023/01/cover.png");
    const [paid] = await database.db.select().from(insights).where(eq(insights.slug, "paid-post"));
    expect(paid.status).toBe("draft");
    const [scheduled] = await database.db
      .select()
      .from(insights)
      .where(eq(insights.slug, "next-quarter"));
    expect(scheduled.status).toBe("scheduled");
    const [redirect] = await database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/blog/shipping-with-ghost"));
    expect(redirect?.toPath).toBe("/insights/shipping-with-ghost");
    const [contact] = await database.db.select().from(pages).where(eq(pages.path, "/contact-us"));
    expect(contact).toMatchObject({ title: "Contact us", status: "published" });
    expect(contact.publishedAt?.toISOString()).toBe("2022-01-01T09:00:00.000Z");
    expect(contact.blocks).toEqual([
      expect.objectContaining({ type: "hero", title: "Contact us" }),
      expect.objectContaining({
        type: "richText",
        markdown: "Write to us.\n\n## Where\n\nOn the quay.",
      }),
    ]);
    const [draft] = await database.db.select().from(pages).where(eq(pages.path, "/pricing-2"));
    expect(draft).toMatchObject({ title: "Pricing (draft)", status: "draft" });
    const [pageRedirect] = await database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/blog/contact-us"));
    expect(pageRedirect).toMatchObject({ toPath: "/contact-us", status: 301 });

    const total = async () => ({
      insights: (await database.db.select({ n: count() }).from(insights))[0].n,
      pages: (await database.db.select({ n: count() }).from(pages))[0].n,
      redirects: (await database.db.select({ n: count() }).from(redirects))[0].n,
    });
    const before = await total();
    expect(before.pages).toBe(2);
    const again = await importFile({ database, env, kind: "ghost", file, options });
    expect(again.items.some((item) => item.outcome === "created")).toBe(false);
    expect(rowOf(again.preview.items, "page", "Contact us")?.reason).toBe(
      "Imported before: /contact-us.",
    );
    expect(await total()).toEqual(before);
  }, 120_000);

  it("refuses JSON that cannot be read", async () => {
    const { previewImport } = await import("#tests/helpers/imports.ts");
    const result = await previewImport({
      database: get(),
      env: importEnv(),
      kind: "ghost",
      file: tempFile("cut.json", '{"db":[{"data":{"posts":[{"title": "x"'),
    });
    expect(result.run?.status).toBe("failed");
    expect(result.run?.error).toMatch(/not JSON that can be read/);
  });
});
