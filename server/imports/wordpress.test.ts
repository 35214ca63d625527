import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import yazl from "yazl";
import { comments, insights } from "#server/db/schema/content.ts";
import { importRecords } from "#server/db/schema/imports.ts";
import { media } from "#server/db/schema/media.ts";
import { pages } from "#server/db/schema/pages.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { redirectMiddleware } from "#server/seo/redirect-middleware.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  fixture,
  importEnv,
  importFile,
  png,
  previewImport,
  startOldSite,
  tempFile,
} from "#tests/helpers/imports.ts";

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

async function zipOf(files: Record<string, Buffer>) {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase("WordPress import", (get) => {
  it("previews every item with what happens and why, then imports it once", async () => {
    const database = get();
    const env = importEnv({ PRIVATE_FETCH_ORIGINS: site.origin });
    const file = tempFile("export.xml", fixture("wordpress.xml", site.origin));
    const requestsBefore = site.requests.length;
    const { preview, items, run } = await importFile({ database, env, kind: "wordpress", file });

    // The preview, row by row.
    const rows = preview.items;
    expect(rowOf(rows, "post", "Moving fast")).toMatchObject({
      action: "create",
      origin: "post 101",
    });
    expect(rowOf(rows, "post", "Moving fast")?.reason).toMatch(
      /Published insight \/insights\/moving-fast, tags: news, tips/,
    );
    expect(rowOf(rows, "post", "Moving fast")?.reason).toMatch(
      /Scripts, frames and forms .* removed/,
    );
    expect(rowOf(rows, "post", "Moving fast")?.reason).toMatch(/Shortcodes removed: gallery/);
    expect(rowOf(rows, "post", "Thrown away")).toMatchObject({
      action: "skip",
      reason: "In WordPress's trash.",
    });
    expect(rowOf(rows, "post", "(untitled)")).toMatchObject({
      action: "skip",
      reason: "It has no title.",
    });
    expect(rowOf(rows, "post", "Members only")?.reason).toMatch(/It was private: kept as a draft/);
    expect(rowOf(rows, "page", "About us")).toMatchObject({ action: "create", origin: "page 150" });
    expect(rowOf(rows, "page", "About us")?.reason).toMatch(
      /^Published page \/about: a hero and 1 rich-text block\. .*Scripts, frames and forms .* removed/,
    );
    // /contact is the contact form's own route: the page takes a free path, and says so.
    expect(rowOf(rows, "page", "Contact")?.reason).toMatch(
      /^Published page \/contact-2: .* At \/contact-2: \/contact belongs to another part of the site\. Shortcodes removed: contact-form-7\./,
    );
    expect(rowOf(rows, "page", "Careers")?.reason).toMatch(/^Draft page \/careers:/);
    expect(rowOf(rows, "image", "team.png")).toMatchObject({
      action: "create",
      origin: "page 150",
    });
    expect(rowOf(rows, "redirect", "/?page_id=150")).toMatchObject({
      action: "create",
      label: "/?page_id=150 → /about",
    });
    expect(rowOf(rows, "redirect", "/contact → /contact-2")).toMatchObject({
      action: "skip",
      reason: "Frontier has its own page at /contact.",
    });
    expect(rowOf(rows, "other", "Home")).toMatchObject({ action: "skip" });
    expect(rowOf(rows, "comment", "Cheap Pills")).toMatchObject({
      action: "skip",
      reason: "Marked as spam.",
    });
    expect(rowOf(rows, "comment", "Some Blog")).toMatchObject({
      action: "skip",
      reason: "A pingback, not a comment.",
    });
    expect(rowOf(rows, "comment", "Held Back")?.reason).toMatch(/Held for moderation/);
    expect(rowOf(rows, "image", "featured.png")).toMatchObject({ action: "create" });
    expect(rowOf(rows, "image", "diagram-300x200.png")).toMatchObject({ action: "create" });
    expect(preview.run?.planned).toMatchObject({
      "post:create": 5,
      "post:skip": 2,
      "page:create": 3,
    });

    // What it made.
    expect(run?.status).toBe("done");
    expect(items.filter((item) => item.outcome === "failed")).toEqual([]);
    const [post] = await database.db
      .select()
      .from(insights)
      .where(eq(insights.slug, "moving-fast"));
    expect(post).toMatchObject({
      title: "Moving fast & keeping things",
      author: "Jane Writer",
      status: "published",
      excerpt: "How we moved a platform in a weekend.",
      tags: ["news", "tips"],
    });
    expect(post.publishedAt?.toISOString()).toBe("2019-05-15T10:00:00.000Z");
    expect(post.body).toContain("**whole platform**");
    expect(post.body).toContain("## What we learned");
    for (const text of [post.body, post.bodyHtml ?? ""]) {
      expect(text).not.toMatch(/<script|alert\(|<iframe|javascript:|onerror|\[gallery/i);
    }
    expect(post.coverImage).toMatch(/^\/uploads\/images\/[0-9a-f]{32}-\d+\.webp$/);
    expect(post.coverAlt).toBe("Servers in a rack");
    expect(post.body).toMatch(
      /!\[The cut-over plan\]\(\/uploads\/images\/[0-9a-f]{32}-\d+\.webp\)/,
    );
    const [draft] = await database.db
      .select()
      .from(insights)
      .where(eq(insights.slug, "a-draft-without-a-slug"));
    expect(draft.status).toBe("draft");
    const [scheduled] = await database.db
      .select()
      .from(insights)
      .where(eq(insights.slug, "coming-next-year"));
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.publishAt?.toISOString()).toBe("2099-01-01T09:00:00.000Z");
    const kept = await database.db.select().from(comments).where(eq(comments.insightId, post.id));
    expect(kept.map((comment) => [comment.name, comment.status, comment.email]).sort()).toEqual([
      ["Ada Reader", "approved", "ada@reader.example"],
      ["Held Back", "pending", "held@reader.example"],
    ]);
    expect(kept.find((comment) => comment.name === "Held Back")?.body).toBe(
      "Waiting for a moderator.",
    );
    expect(
      site.requests
        .slice(requestsBefore)
        .filter((request) => request.endsWith(".png"))
        .sort(),
    ).toEqual([
      "/wp-content/uploads/2019/05/diagram-300x200.png",
      "/wp-content/uploads/2019/05/featured.png",
      "/wp-content/uploads/2019/05/team.png",
    ]);

    // Pages: a hero with the title, then the text, with nothing that runs.
    const [about] = await database.db.select().from(pages).where(eq(pages.path, "/about"));
    expect(about).toMatchObject({ title: "About us", status: "published", isHome: false });
    expect(about.publishedAt?.toISOString()).toBe("2018-01-01T08:00:00.000Z");
    expect(about.blocks[0]).toMatchObject({ type: "hero", variant: "page", title: "About us" });
    const aboutText = about.blocks[1].type === "richText" ? about.blocks[1].markdown : "";
    expect(aboutText).toContain("## Who we are");
    expect(aboutText).toMatch(/!\[The team\]\(\/uploads\/images\/[0-9a-f]{32}-\d+\.webp\)/);
    expect(aboutText).toContain("`<\u200bdiv>`");
    expect(JSON.stringify(about.blocks)).not.toMatch(/<script|document\.|cookie|alert\(|onload/i);
    const [contactPage] = await database.db
      .select()
      .from(pages)
      .where(eq(pages.path, "/contact-2"));
    expect(contactPage).toMatchObject({ title: "Contact", status: "published" });
    const [careers] = await database.db.select().from(pages).where(eq(pages.path, "/careers"));
    expect(careers).toMatchObject({ title: "Careers", status: "draft", publishedAt: null });
    const pageLedger = await database.db
      .select()
      .from(importRecords)
      .where(eq(importRecords.itemKind, "page"));
    expect(pageLedger.map((row) => row.targetId).sort()).toEqual(
      [about.id, contactPage.id, careers.id].sort(),
    );

    // Every old address shape answers with a 301 to the new insight.
    const app = express();
    app.use(
      await redirectMiddleware({ db: database.db, listen: async () => async () => {} } as never),
    );
    app.use((_request, response) => {
      response.status(404).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const [from, to] of [
        ["/2019/05/moving-fast/", "/insights/moving-fast"],
        ["/?p=101", "/insights/moving-fast"],
        ["/?p=101&utm_source=old", "/insights/moving-fast?utm_source=old"],
        ["/blog/second-post/", "/insights/second-post"],
        ["/?p=104", "/insights/second-post"],
        ["/company/about/", "/about"],
        ["/?page_id=150", "/about"],
        ["/?page_id=151", "/contact-2"],
      ]) {
        const answer = await fetch(`${base}${from}`, { redirect: "manual" });
        expect(answer.status, from).toBe(301);
        expect(answer.headers.get("location"), from).toBe(to);
      }
      // Drafts and scheduled posts were never public: no redirect leads to them.
      expect((await fetch(`${base}/?p=102`, { redirect: "manual" })).status).toBe(404);
      expect((await fetch(`${base}/?p=999`, { redirect: "manual" })).status).toBe(404);
      expect((await fetch(`${base}/?page_id=152`, { redirect: "manual" })).status).toBe(404);
      // The contact form's own address is not taken over by the old site's page.
      expect((await fetch(`${base}/contact/`, { redirect: "manual" })).status).toBe(404);
    } finally {
      server.close();
    }

    // Run again: nothing is created twice.
    const counts = async () => ({
      insights: (await database.db.select({ n: count() }).from(insights))[0].n,
      comments: (await database.db.select({ n: count() }).from(comments))[0].n,
      media: (await database.db.select({ n: count() }).from(media))[0].n,
      redirects: (await database.db.select({ n: count() }).from(redirects))[0].n,
      pages: (await database.db.select({ n: count() }).from(pages))[0].n,
    });
    const before = await counts();
    expect(before).toEqual({ insights: 5, comments: 2, media: 3, redirects: 7, pages: 3 });
    const again = await importFile({ database, env, kind: "wordpress", file });
    expect(again.preview.run?.planned["post:create"]).toBeUndefined();
    expect(again.preview.run?.planned["page:create"]).toBeUndefined();
    expect(rowOf(again.preview.items, "page", "Contact")?.reason).toBe(
      "Imported before: /contact-2.",
    );
    expect(rowOf(again.preview.items, "post", "Moving fast")?.reason).toBe(
      "Imported before: /insights/moving-fast.",
    );
    expect(await counts()).toEqual(before);
    expect(again.items.every((item) => item.outcome !== "created")).toBe(true);
  }, 120_000);

  it("takes images from an uploads zip, and lists those it cannot find as missing", async () => {
    const database = get();
    const env = importEnv();
    // An old site nobody can reach any more: only the zip has its pictures.
    const file = tempFile(
      "export.xml",
      fixture("wordpress.xml", "https://old-site.invalid").replaceAll("moving-fast", "zip-post"),
    );
    const zip = tempFile(
      "uploads.zip",
      await zipOf({ "uploads/2019/05/featured.png": await png(40, 30, "#ff0000") }),
    );
    const { preview, items } = await importFile({ database, env, kind: "wordpress", file, zip });
    expect(rowOf(preview.items, "image", "featured.png")?.reason).toMatch(
      /From the uploads zip \(uploads\/2019\/05\/featured\.png\)/,
    );
    expect(rowOf(preview.items, "image", "diagram-300x200.png")?.reason).toMatch(
      /Fetched from old-site\.invalid/,
    );
    expect(rowOf(items, "image", "featured.png")?.outcome).toBe("created");
    expect(rowOf(items, "image", "diagram-300x200.png")).toMatchObject({ outcome: "missing" });
    const [post] = await database.db.select().from(insights).where(eq(insights.slug, "zip-post"));
    expect(post.coverImage).toMatch(/^\/uploads\/images\//);
    // The missing image keeps its old address, and the import says so.
    expect(post.body).toContain(
      "https://old-site.invalid/wp-content/uploads/2019/05/diagram-300x200.png",
    );
    const ledger = await database.db
      .select()
      .from(importRecords)
      .where(eq(importRecords.itemKind, "image"));
    expect(ledger.some((row) => row.sourceKey.includes("old-site.invalid"))).toBe(true);
  }, 120_000);

  it("splits a long page into blocks, and leaves the paths of pages to the pages", async () => {
    const database = get();
    const env = importEnv();
    const item = (fields: string) =>
      `<item>${fields}<wp:post_date_gmt>2021-06-01 08:00:00</wp:post_date_gmt><wp:status>publish</wp:status></item>`;
    const long = Array.from(
      { length: 30 },
      (_, index) => `<p>Paragraph ${index}: ${"we build and run software. ".repeat(40)}</p>`,
    ).join("");
    const file = tempFile(
      "third.xml",
      `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Third site</title><link>https://third.example</link>
<wp:base_site_url>https://third.example</wp:base_site_url><wp:base_blog_url>https://third.example</wp:base_blog_url>
${item(`<title>Team</title><link>https://third.example/team/</link><content:encoded><![CDATA[${long}]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_name>team</wp:post_name><wp:post_type>page</wp:post_type>`)}
${item(`<title>Meet the team</title><link>https://third.example/team/</link><content:encoded><![CDATA[<p>Hello.</p>]]></content:encoded><wp:post_id>2</wp:post_id><wp:post_name>meet-the-team</wp:post_name><wp:post_type>post</wp:post_type>`)}
${item(`<title>About us</title><link>https://third.example/about-us/</link><content:encoded><![CDATA[<p>Ours.</p>]]></content:encoded><wp:post_id>3</wp:post_id><wp:post_name>about-us</wp:post_name><wp:post_type>page</wp:post_type>`)}
</channel></rss>`,
    );
    const { preview, items } = await importFile({ database, env, kind: "wordpress", file });
    expect(items.filter((row) => row.outcome === "failed")).toEqual([]);
    expect(rowOf(preview.items, "page", "Team")?.reason).toMatch(
      /^Published page \/team: a hero and 2 rich-text blocks\.$/,
    );
    const [team] = await database.db.select().from(pages).where(eq(pages.path, "/team"));
    expect(team.blocks.map((block) => block.type)).toEqual(["hero", "richText", "richText"]);
    for (const block of team.blocks.slice(1))
      expect(block.type === "richText" && block.markdown.length).toBeLessThanOrEqual(20_000);
    expect(JSON.stringify(team.blocks)).toContain("Paragraph 29:");
    // A post's old address where a page now lives would hide the page: left alone.
    expect(rowOf(preview.items, "redirect", "/team → /insights/meet-the-team")).toMatchObject({
      action: "skip",
      reason: "A page lives at /team.",
    });
    expect(rowOf(preview.items, "redirect", "/?p=2 → /insights/meet-the-team")?.action).toBe(
      "create",
    );
    // /about-us is one of the site's own pages (built in): the import takes the next path.
    expect(rowOf(preview.items, "page", "About us")?.reason).toMatch(
      /^Published page \/about-us-2: .* At \/about-us-2: \/about-us already has a page\./,
    );
    expect(rowOf(preview.items, "redirect", "/about-us → /about-us-2")).toMatchObject({
      action: "skip",
      reason: "Frontier has its own page at /about-us.",
    });
  }, 120_000);

  it("refuses a file that is not a WordPress export, with the reason", async () => {
    const database = get();
    const env = importEnv();
    const broken = await previewImport({
      database,
      env,
      kind: "wordpress",
      file: tempFile("broken.xml", "<rss><channel><item><title>Cut off"),
    });
    expect(broken.run?.status).toBe("failed");
    expect(broken.run?.error).toMatch(/not a WordPress export that can be read/);
    const html = await previewImport({
      database,
      env,
      kind: "wordpress",
      file: tempFile("page.xml", "<html><body>hello</body></html>"),
    });
    expect(html.run?.error).toMatch(/does not start with <rss>/);
  });
});
