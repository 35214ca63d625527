import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insights } from "#server/db/schema/content.ts";
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
  it("maps posts with tags, authors, excerpts and images, keeps pages for later, and runs once", async () => {
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
    expect(rowOf(preview.items, "page", "Contact us")).toMatchObject({ action: "later" });
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

    const total = async () => (await database.db.select({ n: count() }).from(insights))[0].n;
    const before = await total();
    const again = await importFile({ database, env, kind: "ghost", file, options });
    expect(again.items.some((item) => item.outcome === "created")).toBe(false);
    expect(await total()).toBe(before);
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
