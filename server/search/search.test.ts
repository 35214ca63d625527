import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveCaseStudy } from "#server/content-admin/case-studies.ts";
import { deleteInsight, saveInsight } from "#server/content-admin/insights.ts";
import { publishDueContent } from "#server/content-admin/publishing.ts";
import type { Db } from "#server/db/client.ts";
import { insights } from "#server/db/schema/content.ts";
import { searchDocuments } from "#server/db/schema/search.ts";
import { createEpisode, publishDuePodcasts } from "#server/podcasts/episodes.ts";
import { resultCount } from "#shared/search.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { headlineToHtml } from "./highlight";
import { ensureSearchIndex, rebuildSearchIndex, syncSearchDocuments } from "./index-sync";
import { requiredPhrases, searchSite, typoAlternatives } from "./query";
import { prefixDistance, typoBudget, typoDistance } from "./words";

const actor = { id: "admin-1", name: "Ada Admin" };
/** A made-up word, so each test finds only what it wrote. */
const word = () =>
  Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const slug = () => `post-${randomBytes(4).toString("hex")}`;

/**
 * A made-up word of `length` consonants (no s, y or vowels: English stemming leaves it as it
 * is), no two neighbours alike, so a typo of it is only ever found by the typo rules.
 */
function plainWord(length: number) {
  const letters = "bcdfghjkmnpqrtvwxz";
  let out = "";
  for (const byte of randomBytes(length)) {
    const next = letters[byte % 18];
    out += next === out.at(-1) ? letters[(byte + 1) % 18] : next;
  }
  return out;
}
/** The word with one letter wrong (a vowel: never in a plain word), at `at`. */
const wrong = (text: string, at: number) => `${text.slice(0, at)}a${text.slice(at + 1)}`;
const dropped = (text: string, at: number) => text.slice(0, at) + text.slice(at + 1);
const added = (text: string, at: number) => `${text.slice(0, at)}o${text.slice(at)}`;
/** Two neighbouring letters swapped. */
const swapped = (text: string, at: number) =>
  text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);

/** The handle with a count of the statements sent through it (the search uses `execute`). */
function countingStatements(db: Db) {
  let sent = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (...args: Parameters<Db["execute"]>) => {
        sent++;
        return target.execute(...args);
      };
    },
  });
  return { db: counted, sent: () => sent };
}

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

  it("counts typos as Damerau-Levenshtein and forgives by word length", () => {
    expect(typoDistance("design", "desing")).toBe(1);
    expect(typoDistance("design", "dezign")).toBe(1);
    expect(typoDistance("prompt", "prxmpt")).toBe(1);
    expect(typoDistance("evaluation", "evaxuation")).toBe(1);
    expect(typoDistance("design", "dsign")).toBe(1);
    expect(typoDistance("design", "designn")).toBe(1);
    expect(typoDistance("design", "edsgin")).toBe(2);
    expect(typoDistance("design", "xyz", 1)).toBe(2);
    expect([4, 5, 8, 9, 12].map((length) => typoBudget("x".repeat(length)))).toEqual([
      0, 1, 1, 2, 2,
    ]);
    expect(prefixDistance("evaxuat", "evaluation", 1)).toBe(1);
    expect(prefixDistance("evxxuat", "evaluation", 1)).toBe(2);
  });

  it("forgives one typo of each kind in words of 5 letters or more, in titles and in bodies", async () => {
    // A missing letter counts against the word as typed: five letters left.
    const inTitle = plainWord(6);
    const inBody = plainWord(6);
    const saved = await saveInsight({
      database: get(),
      input: insight({ title: `Notes on ${inTitle}`, body: `The ${inBody} of it all.` }),
      actor,
    });
    const path = `/insights/${saved.slug}`;
    for (const [kind, query] of [
      ["title, wrong letter", wrong(inTitle, 2)],
      ["title, missing letter", dropped(inTitle, 2)],
      ["title, added letter", added(inTitle, 3)],
      ["title, swapped letters", swapped(inTitle, 1)],
      ["body, wrong letter", wrong(inBody, 3)],
      ["body, missing letter", dropped(inBody, 1)],
      ["body, added letter", added(inBody, 2)],
      ["body, swapped letters", swapped(inBody, 2)],
      ["two words, the first with a typo", `${wrong(inBody, 0)} ${inTitle}`],
    ]) {
      const results = await searchSite({ db: get().db, query });
      expect(
        results.items.map((item) => item.path),
        kind,
      ).toEqual([path]);
    }
    const [hit] = (await searchSite({ db: get().db, query: wrong(inTitle, 2) })).items;
    expect(hit.titleHtml).toBe(`Notes on <mark>${inTitle}</mark>`);
  });

  it("forgives no typo under 5 letters, one up to 8 and two from 9", async () => {
    const four = plainWord(4);
    const five = plainWord(5);
    const eight = plainWord(8);
    const nine = plainWord(9);
    // In titles too: no other rule may find a word within a typo.
    await saveInsight({
      database: get(),
      input: insight({
        title: `${four} ${five} ${eight} ${nine}`,
        body: `${four} ${five} ${eight} ${nine}`,
      }),
      actor,
    });
    const found = async (query: string) => (await searchSite({ db: get().db, query })).total;
    // The last word is also a prefix: a word other than the last shows the rule alone.
    expect(await found(`${wrong(four, 1)} ${nine}`)).toBe(0);
    expect(await found(`${four} ${nine}`)).toBe(1);
    expect(await found(`${wrong(five, 2)} ${nine}`)).toBe(1);
    expect(await found(`${swapped(wrong(five, 0), 2)} ${nine}`)).toBe(0);
    expect(await found(`${wrong(eight, 4)} ${nine}`)).toBe(1);
    expect(await found(`${wrong(wrong(eight, 1), 5)} ${nine}`)).toBe(0);
    expect(await found(`${swapped(wrong(nine, 1), 5)} ${four}`)).toBe(1);
    expect(await found(`${dropped(added(nine, 1), 6)} ${four}`)).toBe(1);
    expect(await found(`${wrong(wrong(wrong(nine, 0), 4), 8)} ${four}`)).toBe(0);
  });

  it("takes the last word as a prefix, within its typos", async () => {
    const long = plainWord(11);
    const saved = await saveInsight({
      database: get(),
      input: insight({ body: `All about ${long} here.` }),
      actor,
    });
    const path = `/insights/${saved.slug}`;
    const paths = async (query: string) =>
      (await searchSite({ db: get().db, query })).items.map((item) => item.path);
    expect(await paths(long.slice(0, 4))).toContain(path);
    // Six letters typed, one of them wrong: a typo within the start of the word.
    expect(await paths(wrong(long.slice(0, 6), 3))).toEqual([path]);
    // Not the last word: a start is not a word.
    expect(await paths(`${long.slice(0, 6)} here`)).toEqual([]);
  });

  it("says “Did you mean” with the nearest indexed words when nothing is found", async () => {
    const eight = plainWord(8);
    await saveInsight({ database: get(), input: insight({ body: `About ${eight}.` }), actor });
    const misspelt = wrong(wrong(eight, 1), 5);
    const results = await searchSite({ db: get().db, query: `${misspelt} about` });
    expect(results.total).toBe(0);
    expect(results.suggestion).toBe(`${eight} about`);
    expect((await searchSite({ db: get().db, query: results.suggestion })).total).toBe(1);
    // Found, or nothing near: no suggestion.
    expect((await searchSite({ db: get().db, query: eight })).suggestion).toBeNull();
    const nothing = await searchSite({ db: get().db, query: plainWord(14) });
    expect([nothing.total, nothing.suggestion]).toEqual([0, null]);
  });

  it("finds the issue's misspellings in the service guides", async () => {
    await rebuildSearchIndex(get().db);
    for (const [query, word] of [
      ["evaxuation", "evaluation"],
      ["desing", "design"],
      ["dezign", "design"],
      ["prxmpt", "prompt"],
    ]) {
      const results = await searchSite({ db: get().db, query });
      expect(results.total, query).toBeGreaterThan(0);
      expect(results.items[0].snippetHtml.toLowerCase(), query).toContain(`<mark>${word}`);
    }
  });

  it("lets a typo stand for one word of each stem, the commonest", async () => {
    // Five forms of one stem, each within a typo of the start "dezign".
    for (const form of ["designs", "designed", "designing", "designer", "design"])
      await saveInsight({
        database: get(),
        input: insight({ body: `We ${form} things.` }),
        actor,
      });
    const [alternatives] = await typoAlternatives(get().db, ["dezign"]);
    const stems = (
      await get().db.execute(
        sql`select (tsvector_to_array(to_tsvector('english', w)))[1] as stem
          from unnest(${`{${alternatives.join(",")}}`}::text[]) as w`,
      )
    ).rows.map((row) => (row as { stem: string }).stem);
    expect(stems).toContain("design");
    expect(new Set(stems).size).toBe(stems.length);
    // The word list keeps each word's stem, made once when the word is listed.
    const listed = await get().db.execute(
      sql`select word, stem from search_words where word in ('designs', 'designer') order by word`,
    );
    expect(listed.rows).toEqual([
      { word: "designer", stem: "design" },
      { word: "designs", stem: "design" },
    ]);
  });

  it("keeps the word list in step with what is published", async () => {
    const term = plainWord(10);
    const count = async () =>
      (
        (await get().db.execute(sql`select documents from search_words where word = ${term}`))
          .rows as Array<{ documents: number }>
      )[0]?.documents ?? 0;
    const first = await saveInsight({ database: get(), input: insight({ body: term }), actor });
    const second = insight({ body: `${term} ${term}` });
    const saved = await saveInsight({ database: get(), input: second, actor });
    expect(await count()).toBe(2);
    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...second, body: "Rewritten." },
      actor,
    });
    expect(await count()).toBe(1);
    await deleteInsight({ database: get(), id: first.id, actor });
    expect(await count()).toBe(0);
    // The words a rebuild finds are the words kept in step.
    const words = async () =>
      (await get().db.execute(sql`select word, documents from search_words order by word`)).rows;
    await rebuildSearchIndex(get().db);
    const rebuilt = await words();
    await saveInsight({ database: get(), input: insight({ body: term }), actor });
    await saveInsight({ database: get(), input: insight({ title: "A plain title" }), actor });
    await rebuildSearchIndex(get().db);
    const again = await words();
    expect(again.length).toBe(rebuilt.length + 1);
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
    // Swapped letters: one typo in a word of 9 letters.
    const swapped = await searchSite({ db: get().db, query: "kuberntes" });
    expect(swapped.items.map((item) => item.path)).toContain(path);
    expect(swapped.items.find((item) => item.path === path)?.titleHtml).toBe(
      "Running <mark>Kubernetes</mark> on a budget",
    );
  });

  it("puts what matches as typed before what a typo stands for, on every page", async () => {
    const base = plainWord(7);
    const typed = wrong(base, 3);
    // The word as typed only in a body; the word it may stand for in titles, which rank higher.
    const asTyped = await saveInsight({
      database: get(),
      input: insight({ title: "An unrelated title", body: `Notes on ${typed} here.` }),
      actor,
    });
    for (let index = 0; index < 11; index++)
      await saveInsight({
        database: get(),
        input: insight({ title: `${base} field guide ${index}`, body: `All about ${base}.` }),
        actor,
      });
    const first = await searchSite({ db: get().db, query: typed });
    expect(first.total).toBe(12);
    expect(first.items[0].path).toBe(`/insights/${asTyped.slug}`);
    // The second page of the same ranking holds none of the first page.
    const second = await searchSite({ db: get().db, query: typed, page: 2 });
    expect(second.items).toHaveLength(2);
    const firstPaths = new Set(first.items.map((item) => item.path));
    expect(second.items.filter((item) => firstPaths.has(item.path))).toEqual([]);
  });

  it("goes straight to a word's typos when the word list lacks it, and still finds what matches as typed", async () => {
    const term = plainWord(7);
    // Three pages: as many as a search as typed needs to be enough, with no typos looked for.
    const expected: string[] = [];
    for (let index = 0; index < 3; index++) {
      const saved = await saveInsight({
        database: get(),
        input: insight({ title: `About ${term} ${index}`, body: "Some body text." }),
        actor,
      });
      expected.push(`/insights/${saved.slug}`);
    }
    expected.sort();
    const search = async (query: string) => {
      const counted = countingStatements(get().db);
      const results = await searchSite({ db: counted.db, query });
      return { paths: results.items.map((item) => item.path).sort(), sent: counted.sent() };
    };
    // Not in the list: the list's check, the typo lookup, the search with the typos.
    expect(await search(wrong(term, 3))).toEqual({ paths: expected, sent: 3 });
    // Listed: the check and the search as typed; the last word as the start of a listed word.
    expect(await search(`${term} body`)).toEqual({ paths: expected, sent: 2 });
    expect(await search(term.slice(0, 5))).toEqual({ paths: expected, sent: 2 });
    // A word the list has lost (a list behind its pages) is still found as typed.
    await get().db.execute(sql`delete from search_words where word = ${term}`);
    expect((await search(term)).paths).toEqual(expected);
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

  it("ranks a bounded set past the limit and says “more”, keeping every title match", async () => {
    const term = word();
    for (let index = 0; index < 12; index++)
      await makeInsight(get().db, { title: `Number ${index}`, excerpt: `About ${term}.` });
    await makeInsight(get().db, { title: `Number 12 on ${term}` });
    const ids = (
      await get()
        .db.select({ id: insights.id })
        .from(insights)
        .where(sql`${insights.title} like 'Number %'`)
    ).map((row) => row.id);
    await syncSearchDocuments(get().db, { kind: "insight", ids });
    const all = await searchSite({ db: get().db, query: term });
    expect([all.total, all.more]).toEqual([13, false]);
    const bounded = await searchSite({ db: get().db, query: term, rankLimit: 5, pageSize: 3 });
    expect([bounded.total, bounded.more, bounded.pageCount]).toEqual([5, true, 2]);
    expect(bounded.items[0].title).toBe(`Number 12 on ${term}`);
    expect(resultCount(bounded)).toBe("5+ results");
    expect(resultCount({ total: 1000, more: true })).toBe("1,000+ results");
    expect(resultCount({ total: 1, more: false })).toBe("1 result");
  });

  it("ranks the same bounded set at every search of the same words, however large the table (decision 829)", async () => {
    const db = get().db;
    const term = plainWord(9);
    // 1,100 pages of one row each (a body of 120 words that do not compress), past a quarter
    // of the embedded database's 16 MB buffer cache: the size from which PostgreSQL may start
    // a scan where the last one stopped. Analysed, so the planner scans the table for the word.
    await db.execute(sql`
      insert into search_documents (kind, ref_id, path, title, body, published_at)
      select 'insight', ${term} || n, '/insights/' || ${term} || '-' || n, 'Filler ' || n,
             ${term} || ' ' || (select string_agg(md5(n || '-' || w), ' ') from generate_series(1, 120) as w),
             now() - n * interval '1 minute'
      from generate_series(1, 1100) as n`);
    await db.execute(sql`analyze search_documents`);
    const search = () =>
      searchSite({ db, query: term, rankLimit: 40, pageSize: 10, page: 2 }).then((found) =>
        found.items.map((item) => item.path),
      );
    const first = await search();
    expect(first).toHaveLength(10);
    for (let again = 0; again < 3; again++) expect(await search()).toEqual(first);
  });

  it("ranks the pages holding the last word whole, and looks for longer words it starts only when those are few", async () => {
    const term = plainWord(7);
    // The page with the longer word is written first, so a scan in page order meets it first.
    const longer = await makeInsight(get().db, { title: "Longer", excerpt: `About ${term}bq.` });
    const whole = [];
    for (let index = 0; index < 3; index++)
      whole.push(
        await makeInsight(get().db, { title: `Whole ${index}`, excerpt: `About ${term}.` }),
      );
    await syncSearchDocuments(get().db, {
      kind: "insight",
      ids: [longer.id, ...whole.map((row) => row.id)],
    });
    const paths = (items: Array<{ path: string }>) => items.map((item) => item.path).sort();
    const wholePaths = whole.map((row) => `/insights/${row.slug}`).sort();

    const bounded = await searchSite({ db: get().db, query: term, rankLimit: 2 });
    expect([bounded.total, bounded.more]).toEqual([2, true]);
    expect(paths(bounded.items)).toEqual(wholePaths);

    const all = await searchSite({ db: get().db, query: term });
    expect([all.total, all.more]).toEqual([4, false]);
    expect(paths(all.items)).toEqual([`/insights/${longer.slug}`, ...wholePaths].sort());
    // Typed further, the longer word matches as typed and comes first.
    const typing = await searchSite({ db: get().db, query: `${term}b` });
    expect(typing.items[0].path).toBe(`/insights/${longer.slug}`);
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

  it("finds a quoted phrase through its word pairs, in order and side by side, as the vector's own match would", async () => {
    const [a, b, c] = [plainWord(7), plainWord(7), plainWord(7)];
    const save = async (fields: Record<string, unknown>) =>
      (await saveInsight({ database: get(), input: insight(fields), actor })).slug;
    const inBody = await save({ body: `First ${a} ${b} and more.` });
    const inTitle = await save({ title: `On ${a} ${b}` });
    const hyphenated = await save({ body: `The ${a}-${b} way.` });
    const reversed = await save({ body: `Then ${b} ${a}.` });
    const apart = await save({ body: `Both ${a} ${c} ${b}.` });
    const stopWord = await save({ body: `So ${a} the ${b}.` });
    const paths = async (query: string) =>
      (await searchSite({ db: get().db, query })).items.map((item) => item.path.split("/").pop());

    const phrase = await paths(`"${a} ${b}"`);
    expect(phrase[0]).toBe(inTitle);
    expect(phrase.sort()).toEqual([inBody, inTitle, hyphenated].sort());
    // Every page holds both words; the quotes keep only those where they stand together.
    expect((await paths(`${a} ${b}`)).length).toBe(6);
    expect((await paths(`"${a} ${b}" -"${b} ${a}"`)).sort()).toEqual(phrase.sort());
    expect((await paths(`${a} -"${a} ${b}"`)).sort()).toEqual([reversed, apart, stopWord].sort());
    expect((await paths(`"${a} ${b}" or "${c} ${b}"`)).sort()).toEqual([...phrase, apart].sort());
    // A phrase with a stop word between has no pair side by side: found by its vector alone,
    // where the stop word stands for any one word.
    expect((await paths(`"${a} the ${b}"`)).sort()).toEqual([stopWord, apart].sort());
    expect(await paths(`"${c}"`)).toEqual([apart]);
  });

  it("reads a phrase's candidates from the phrase index, on the pages' pairs table", async () => {
    const plan = await get().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`
        explain select d.id from search_documents d
        where d.id in (select p.document_id from search_document_pairs p
          where p.pairs @@ ${"'machin learn'"}::tsquery)`);
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("search_document_pairs_idx");
  });

  it("keeps each page's word pairs in step with its text, and deletes them with the page", async () => {
    const { db } = get();
    const refId = `pairs-${plainWord(6)}`;
    const pairsOf = async () => {
      const result = await db.execute(sql`
        select tsvector_to_array(p.pairs) as pairs
        from search_documents d join search_document_pairs p on p.document_id = d.id
        where d.kind = 'insight' and d.ref_id = ${refId}`);
      return (result.rows[0] as { pairs: string[] } | undefined)?.pairs;
    };
    await db.execute(sql`
      insert into search_documents (kind, ref_id, path, title, summary, keywords, body)
      values ('insight', ${refId}, '/insights/pairs', 'Machine learning', 'Model evaluation', 'data', 'Prompt design')`);
    // The summary and keywords are one part ("Model evaluation data"); no pair spans two parts.
    expect(await pairsOf()).toEqual(["evalu data", "machin learn", "model evalu", "prompt design"]);
    // A change of any text writes them again; a change of anything else leaves them.
    await db.execute(sql`
      update search_documents set body = 'Edge caching' where kind = 'insight' and ref_id = ${refId}`);
    expect(await pairsOf()).toEqual(["edg cach", "evalu data", "machin learn", "model evalu"]);
    await db.execute(sql`
      update search_documents set title = 'Deep learning', path = '/insights/pairs-2'
      where kind = 'insight' and ref_id = ${refId}`);
    expect(await pairsOf()).toEqual(["deep learn", "edg cach", "evalu data", "model evalu"]);
    await db.execute(sql`
      update search_documents set path = '/insights/pairs-3' where kind = 'insight' and ref_id = ${refId}`);
    expect(await pairsOf()).toEqual(["deep learn", "edg cach", "evalu data", "model evalu"]);
    await db.execute(
      sql`delete from search_documents where kind = 'insight' and ref_id = ${refId}`,
    );
    const left = await db.execute(sql`
      select count(*)::int as count from search_document_pairs p
      where not exists (select 1 from search_documents d where d.id = p.document_id)`);
    expect(left.rows[0]).toEqual({ count: 0 });
  });

  it("keeps the word pairs a writer gives in the statement that inserts the page", async () => {
    const { db } = get();
    const refId = `given-${plainWord(6)}`;
    // The scaled seed's way: the pairs computed once for a text, given with the insert.
    await db.execute(sql`
      with documents as (
        insert into search_documents (kind, ref_id, path, title, body)
        values ('insight', ${refId}, '/insights/given', 'Machine learning', 'Prompt design')
        returning id
      )
      insert into search_document_pairs (document_id, pairs)
      select id, ${"'given pair'"}::tsvector from documents`);
    const result = await db.execute(sql`
      select tsvector_to_array(p.pairs) as pairs
      from search_documents d join search_document_pairs p on p.document_id = d.id
      where d.ref_id = ${refId}`);
    expect(result.rows).toEqual([{ pairs: ["given pair"] }]);
    await db.execute(sql`delete from search_documents where ref_id = ${refId}`);
  });

  it("finds a phrase after the page's text is edited, and no longer by the words it lost", async () => {
    const [a, b, c] = [plainWord(7), plainWord(7), plainWord(7)];
    const saved = await saveInsight({
      database: get(),
      input: insight({ body: `Start ${a} ${b} end.` }),
      actor,
    });
    const paths = async (query: string) =>
      (await searchSite({ db: get().db, query })).items.map((item) => item.path.split("/").pop());
    expect(await paths(`"${a} ${b}"`)).toEqual([saved.slug]);
    await saveInsight({
      database: get(),
      id: saved.id,
      input: insight({ slug: saved.slug, body: `Start ${a} ${c} end.` }),
      actor,
    });
    expect(await paths(`"${a} ${b}"`)).toEqual([]);
    expect(await paths(`"${a} ${c}"`)).toEqual([saved.slug]);
  });
});

describe("requiredPhrases", () => {
  it("keeps the quoted phrases every match must hold", () => {
    expect(requiredPhrases('"machine learning" cost')).toEqual(["machine learning"]);
    expect(requiredPhrases('"a b" "c d"')).toEqual(["a b", "c d"]);
    expect(requiredPhrases('cost -"machine learning"')).toEqual([]);
    expect(requiredPhrases('"a b" or "c d"')).toEqual([]);
    expect(requiredPhrases('"a b')).toEqual([]);
    expect(requiredPhrases('"" cost')).toEqual([]);
  });
});
