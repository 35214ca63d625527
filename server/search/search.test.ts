import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { saveCaseStudy } from "#server/content-admin/case-studies.ts";
import { deleteInsight, saveInsight } from "#server/content-admin/insights.ts";
import { publishDueContent } from "#server/content-admin/publishing.ts";
import { insights } from "#server/db/schema/content.ts";
import { searchDocuments } from "#server/db/schema/search.ts";
import { createEpisode, publishDuePodcasts } from "#server/podcasts/episodes.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { headlineToHtml } from "./highlight";
import { ensureSearchIndex, rebuildSearchIndex, syncSearchDocuments } from "./index-sync";
import { searchSite } from "./query";

const actor = { id: "admin-1", name: "Ada Admin" };
/** A made-up word, so each test finds only what it wrote. */
const word = () =>
  Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const slug = () => `post-${randomBytes(4).toString("hex")}`;

function insight(overrides: Record<string, unknown> = {}) {
  return {
    title: "A plain title",
    slug: slug(),
    excerpt: "A short excerpt.",
    body: "Some body text.",
    author: "Ada",
    tags: "engineering",
    status: "published",
    ...overrides,
  };
}

describeEachDatabase("site search", (get) => {
  it("ranks a title match above a match in the body", async () => {
    const term = word();
    const inBody = await saveInsight({
      database: get(),
      input: insight({ body: `We talk about ${term} here, and ${term} again, and ${term}.` }),
      actor,
    });
    const inTitle = await saveInsight({
      database: get(),
      input: insight({ title: `All about ${term}` }),
      actor,
    });
    const results = await searchSite({ db: get().db, query: term });
    expect(results.total).toBe(2);
    expect(results.items.map((item) => item.path)).toEqual([
      `/insights/${inTitle.slug}`,
      `/insights/${inBody.slug}`,
    ]);
    expect(results.items[0].titleHtml).toBe(`All about <mark>${term}</mark>`);
    expect(results.items[1].snippetHtml).toContain(`<mark>${term}</mark>`);
  });

  it("stems English words: “designing” finds “design”, and a word being typed finds by prefix", async () => {
    const term = word();
    const saved = await saveInsight({
      database: get(),
      input: insight({ title: `${term} notes`, body: "Good **design** takes time." }),
      actor,
    });
    const stemmed = await searchSite({ db: get().db, query: `designing ${term}` });
    expect(stemmed.items.map((item) => item.path)).toEqual([`/insights/${saved.slug}`]);
    expect(stemmed.items[0].snippetHtml).toContain("<mark>design</mark>");
    const typing = await searchSite({ db: get().db, query: term.slice(0, 6) });
    expect(typing.items.map((item) => item.path)).toContain(`/insights/${saved.slug}`);
  });

  it("escapes what a title or body holds: only the highlight becomes markup", async () => {
    const term = word();
    await saveInsight({
      database: get(),
      input: insight({
        title: `<script>alert(1)</script> ${term} & "friends"`,
        body: `Markup is dropped <img src=x onerror=alert(2)>, text stays: 1 < 2 &amp; ${term} > 0.`,
      }),
      actor,
    });
    const [hit] = (await searchSite({ db: get().db, query: term })).items;
    expect(hit.titleHtml).toBe(
      `&lt;script&gt;alert(1)&lt;/script&gt; <mark>${term}</mark> &amp; &quot;friends&quot;`,
    );
    expect(hit.snippetHtml).not.toMatch(/<(?!\/?mark>)/);
    expect(hit.snippetHtml).toContain(`1 &lt; 2 &amp; <mark>${term}</mark>`);
    expect(hit.snippetHtml).not.toContain("onerror");
    expect(hit.title).toContain("<script>");
  });

  it("turns only balanced markers into <mark>", () => {
    expect(headlineToHtml("a \u0001b\u0002 \u0001c <i>")).toBe("a <mark>b</mark> c &lt;i&gt;");
  });

  it("finds a title despite a typo in a short query", async () => {
    const saved = await saveInsight({
      database: get(),
      input: insight({ title: "Running Kubernetes on a budget" }),
      actor,
    });
    const path = `/insights/${saved.slug}`;
    // A dropped letter: the stem and prefix still meet.
    const dropped = await searchSite({ db: get().db, query: "kubernets" });
    expect(dropped.items.map((item) => item.path)).toContain(path);
    // Swapped letters: only the title's trigrams are near enough.
    const swapped = await searchSite({ db: get().db, query: "kuberntes" });
    expect(swapped.items.map((item) => item.path)).toContain(path);
    expect(swapped.items.find((item) => item.path === path)?.titleHtml).toBe(
      "Running Kubernetes on a budget",
    );
  });

  it("leaves out drafts, schedules, unpublished, deleted and future-dated items", async () => {
    const term = word();
    const draft = await saveInsight({
      database: get(),
      input: insight({ title: `${term} draft`, status: "draft" }),
      actor,
    });
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    await saveInsight({
      database: get(),
      input: insight({ title: `${term} scheduled`, status: "scheduled", publishAt: inAnHour }),
      actor,
    });
    const unpublished = insight({ title: `${term} unpublished` });
    const live = await saveInsight({ database: get(), input: unpublished, actor });
    const deleted = await saveInsight({
      database: get(),
      input: insight({ title: `${term} deleted` }),
      actor,
    });
    const future = await makeInsight(get().db, {
      title: `${term} future`,
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    await syncSearchDocuments(get().db, { kind: "insight", ids: [future.id] });
    expect((await searchSite({ db: get().db, query: term })).total).toBe(2);

    await saveInsight({
      database: get(),
      id: live.id,
      input: { ...unpublished, status: "draft" },
      actor,
    });
    await deleteInsight({ database: get(), id: deleted.id, actor });
    const results = await searchSite({ db: get().db, query: term });
    expect(results.total).toBe(0);
    const rows = await get()
      .db.select({ refId: searchDocuments.refId })
      .from(searchDocuments)
      .where(eq(searchDocuments.refId, draft.id));
    expect(rows).toEqual([]);
  });

  it("indexes scheduled insights, case studies and episodes when the job publishes them", async () => {
    const term = word();
    const soon = new Date(Date.now() + 60_000);
    await saveCaseStudy({
      database: get(),
      input: {
        title: `${term} case`,
        slug: slug(),
        client: "Acme",
        industry: "Retail",
        services: "web-platforms",
        summary: "A summary.",
        challenge: "A challenge.",
        solution: "A solution.",
        results: "Results.",
        status: "scheduled",
        publishAt: soon.toISOString(),
      },
      actor,
    });
    const env = testEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "frontier-search-")),
      PRIVATE_FETCH_ORIGINS: ["https://127.0.0.1:9"],
    });
    await createEpisode({
      database: get(),
      env,
      input: {
        title: `${term} episode`,
        slug: slug(),
        showNotes: "We talk about **testing**.",
        audioUrl: "https://127.0.0.1:9/episode.mp3",
        duration: "12:00",
        status: "scheduled",
        publishAt: soon.toISOString(),
      },
      actor: { id: "admin-1", email: "admin@frontier.test", address: "10.0.0.1" },
    });
    const before = await searchSite({ db: get().db, query: term });
    expect(before.items).toEqual([]);
    // Their time comes: the job publishes them dated at their schedule.
    for (const table of ["case_studies", "podcast_episodes"])
      await get().db.execute(
        sql`update ${sql.identifier(table)} set publish_at = now() - interval '1 second' where title like ${`${term}%`}`,
      );
    await publishDueContent(get());
    await publishDuePodcasts(get());
    const results = await searchSite({ db: get().db, query: term });
    expect(results.items.map((item) => item.kind).sort()).toEqual(["case-study", "episode"]);
    expect(results.items.find((item) => item.kind === "episode")?.path).toMatch(/^\/podcasts#/);
  });

  it("rebuilds from the tables, with the service guides, and only when the version changed", async () => {
    const term = word();
    // Written around the index: only a rebuild can find it.
    await makeInsight(get().db, { title: `${term} written directly` });
    expect((await searchSite({ db: get().db, query: term })).total).toBe(0);
    await rebuildSearchIndex(get().db);
    expect((await searchSite({ db: get().db, query: term })).total).toBe(1);
    const guide = await searchSite({ db: get().db, query: "machine learning evaluation" });
    expect(guide.items[0]).toMatchObject({
      kind: "service",
      path: "/services/ai-machine-learning",
    });
    expect(await ensureSearchIndex(get().db)).toBe(false);
    const lastVacuum = async () => {
      await get().db.execute(sql`select pg_stat_clear_snapshot()`);
      const stats = await get().db.execute(
        sql`select last_vacuum::text as at from pg_stat_user_tables where relname = 'search_documents'`,
      );
      return (stats.rows[0] as { at: string | null }).at;
    };
    const vacuumedBefore = await lastVacuum();
    await get().db.execute(sql`delete from settings where id = 'search-index'`);
    expect(await ensureSearchIndex(get().db)).toBe(true);
    // The rebuilt index's dead rows are cleared at once (the embedded database runs no autovacuum).
    const vacuumedAfter = await lastVacuum();
    expect(vacuumedAfter).not.toBeNull();
    expect(vacuumedAfter).not.toBe(vacuumedBefore);
  });

  it("pages through results and counts them all", async () => {
    const term = word();
    for (let index = 0; index < 12; index++)
      await makeInsight(get().db, { title: `${term} number ${index}` });
    const ids = (
      await get()
        .db.select({ id: insights.id })
        .from(insights)
        .where(sql`${insights.title} like ${`${term}%`}`)
    ).map((row) => row.id);
    await syncSearchDocuments(get().db, { kind: "insight", ids });
    const first = await searchSite({ db: get().db, query: term, pageSize: 5 });
    const third = await searchSite({ db: get().db, query: term, page: 3, pageSize: 5 });
    expect([first.total, first.pageCount, first.items.length]).toEqual([12, 3, 5]);
    expect(third.items).toHaveLength(2);
    const beyond = await searchSite({ db: get().db, query: term, page: 9, pageSize: 5 });
    expect([beyond.total, beyond.items.length]).toEqual([12, 0]);
    expect((await searchSite({ db: get().db, query: "  !!! " })).items).toEqual([]);
  });

  it("keeps each document's search vector in its row, where ranking reads it without TOAST", async () => {
    const db = get().db;
    const column = await db.execute(sql`
      select a.attstorage, c.reloptions from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attrelid = 'search_documents'::regclass and a.attname = 'search_vector'`);
    expect(column.rows[0]).toMatchObject({
      attstorage: "m",
      reloptions: expect.arrayContaining(["toast_tuple_target=8160"]),
    });
    // An article of 400 different words: a vector well past the 2 KB at which PostgreSQL
    // would move it out of the row by default.
    const title = `Long read ${word()}`;
    await saveInsight({
      database: get(),
      input: insight({ title, body: Array.from({ length: 400 }, word).join(" ") }),
      actor,
    });
    const [{ version }] = (
      await db.execute(sql`select current_setting('server_version_num')::int as version`)
    ).rows as Array<{ version: number }>;
    const stored = await db.execute(sql`
      select pg_column_size(search_vector) as size
      ${version >= 170000 ? sql`, pg_column_toast_chunk_id(search_vector) as chunk` : sql``}
      from search_documents where title = ${title}`);
    const row = stored.rows[0] as { size: number; chunk?: number | null };
    expect(row.size).toBeGreaterThan(4000);
    // PostgreSQL 17 (the embedded database) can tell whether a value lives in TOAST.
    if (version >= 170000) expect(row.chunk).toBeNull();
  });
});
