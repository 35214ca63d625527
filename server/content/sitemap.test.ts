import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, it } from "vitest";
import { createPage, publishPage, updatePage } from "#server/pages/pages.ts";
import { makeCaseStudy, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { renderSitemap, SITEMAP_URLS_PER_FILE } from "./sitemap";

const publicUrl = "https://frontier.test";
const actor = { id: "admin-1", name: "Ada Admin" };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parse(body: string | undefined) {
  expect(body).toBeDefined();
  expect(XMLValidator.validate(body ?? "")).toBe(true);
  return parser.parse(body ?? "");
}

type Url = { loc: string; lastmod?: string };
const urlsOf = (body: string | undefined) => asList(parse(body).urlset.url) as Url[];

describeEachDatabase("the sitemap and its index", (get) => {
  async function livePage(path: string, overrides: Record<string, unknown> = {}) {
    const database = get();
    const page = await createPage({
      database,
      actor,
      input: {
        path,
        title: "Spring audit",
        blocks: [{ type: "hero", title: "A spring audit of your platform" }],
        ...overrides,
      } as Parameters<typeof createPage>[0]["input"],
    });
    return publishPage({ database, actor, id: page.id, expectedVersion: page.version });
  }

  it("lists live landing pages with their date, once each, and never hidden or draft ones", async () => {
    const database = get();
    const landing = `/spring-audit-${randomUUID().slice(0, 8)}`;
    await livePage(landing);
    const hidden = `/hidden-${randomUUID().slice(0, 8)}`;
    await livePage(hidden, { isNoindex: true });
    const draft = `/draft-${randomUUID().slice(0, 8)}`;
    await createPage({
      database,
      actor,
      input: { path: draft, title: "Draft", blocks: [] } as never,
    });
    // A stored FAQ replaces the hard-coded one: listed once, with the page's own date.
    const faq = await livePage("/faq", { title: "FAQ" });

    const urls = urlsOf(await renderSitemap({ db: database.db, publicUrl }));
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${publicUrl}${landing}`);
    expect(locs).not.toContain(`${publicUrl}${hidden}`);
    expect(locs).not.toContain(`${publicUrl}${draft}`);
    expect(locs.filter((loc) => loc === `${publicUrl}/faq`)).toHaveLength(1);
    expect(new Set(locs).size).toBe(locs.length);
    const faqEntry = urls.find((url) => url.loc === `${publicUrl}/faq`);
    expect(new Date(faqEntry?.lastmod ?? 0).getTime()).toBe(new Date(faq.updatedAt).getTime());

    // Hiding the FAQ from search engines takes it out, static copy included.
    await updatePage({
      database,
      actor,
      id: faq.id,
      expectedVersion: faq.version,
      input: { path: "/faq", title: "FAQ", blocks: faq.blocks, isNoindex: true } as never,
    });
    const after = urlsOf(await renderSitemap({ db: database.db, publicUrl })).map((u) => u.loc);
    expect(after).not.toContain(`${publicUrl}/faq`);
    expect(after).toContain(`${publicUrl}${landing}`);
  });

  it("lists each live item with its date to the millisecond, its address escaped as XML needs", async () => {
    const { db } = get();
    const plain = await makeInsight(db, { updatedAt: new Date("2026-03-04T05:06:07.891Z") });
    // A slug written past the forms' rules (an import, the database by hand) still makes XML.
    const odd = await makeCaseStudy(db, { slug: `odd-${randomUUID().slice(0, 6)}&<'">\u0001` });
    const urls = urlsOf(await renderSitemap({ db, publicUrl }));
    expect(urls).toContainEqual({
      loc: `${publicUrl}/insights/${plain.slug}`,
      lastmod: "2026-03-04T05:06:07.891Z",
    });
    const escaped = urls.find((url) => url.loc.startsWith(`${publicUrl}/case-studies/odd-`));
    expect(escaped?.loc).toBe(`${publicUrl}/case-studies/${odd.slug.replace("\u0001", "")}`);
  });

  it("becomes an index of files of at most `perFile` addresses, together listing each once", async () => {
    const { db } = get();
    for (let i = 0; i < 4; i++) await makeInsight(db);
    await makeCaseStudy(db);
    const whole = urlsOf(await renderSitemap({ db, publicUrl })).map((url) => url.loc);
    const perFile = 7;
    const files = Math.ceil(whole.length / perFile);
    expect(files).toBeGreaterThan(2);

    const index = parse(await renderSitemap({ db, publicUrl, perFile }));
    expect(index.urlset).toBeUndefined();
    const parts = asList(index.sitemapindex.sitemap) as Array<{ loc: string }>;
    expect(parts.map((part) => part.loc)).toEqual(
      Array.from({ length: files }, (_, i) => `${publicUrl}/sitemap-${i + 1}.xml`),
    );
    const together: string[] = [];
    for (let part = 1; part <= files; part++) {
      const locs = urlsOf(await renderSitemap({ db, publicUrl, perFile, part })).map((u) => u.loc);
      expect(locs.length).toBeLessThanOrEqual(perFile);
      together.push(...locs);
    }
    expect(together).toEqual(whole);
    expect(await renderSitemap({ db, publicUrl, perFile, part: files + 1 })).toBeUndefined();
    expect(await renderSitemap({ db, publicUrl, perFile, part: 0 })).toBeUndefined();
    // While it fits one file there are no numbered files.
    expect(await renderSitemap({ db, publicUrl, part: 1 })).toBeUndefined();
  });

  it("splits at the protocol's 50,000 addresses by default", { timeout: 120_000 }, async () => {
    const { db } = get();
    expect(SITEMAP_URLS_PER_FILE).toBe(50_000);
    await db.execute(sql`
      insert into insights (slug, title, excerpt, body, author, status, published_at)
      select 'bulk-' || g, 'Bulk ' || g, 'x', 'x', 'A', 'published', now() - interval '1 day'
      from generate_series(1, 50000) g`);
    try {
      const index = parse(await renderSitemap({ db, publicUrl }));
      const parts = asList(index.sitemapindex.sitemap) as Array<{ loc: string }>;
      expect(parts).toHaveLength(2);
      const first = urlsOf(await renderSitemap({ db, publicUrl, part: 1 }));
      expect(first).toHaveLength(50_000);
      const second = urlsOf(await renderSitemap({ db, publicUrl, part: 2 }));
      expect(second.length).toBeGreaterThan(0);
      expect(second.length).toBeLessThan(50_000);
    } finally {
      await db.execute(sql`delete from insights where slug like 'bulk-%'`);
    }
  });
});
