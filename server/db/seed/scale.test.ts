import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { utcDay } from "#server/analytics/daily-salt.ts";
import { lastDays } from "#server/analytics/period.ts";
import { getAnalyticsReport } from "#server/analytics/report.ts";
import { listQueryFrom } from "#server/business/list-query.ts";
import { clientSorts, findClients } from "#server/clients/clients.ts";
import { getDashboardFigures } from "#server/dashboard/dashboard.ts";
import { analyticsDaily, analyticsEvents } from "#server/db/schema/analytics.ts";
import { chatConversations, chatMessages } from "#server/db/schema/chat.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { caseStudies, insights, podcastEpisodes, subscribers } from "#server/db/schema/content.ts";
import { invoices, payments } from "#server/db/schema/invoices.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { searchDocuments, searchWords } from "#server/db/schema/search.ts";
import { findInvoices, invoiceSorts } from "#server/invoices/queries.ts";
import { findSubscribers } from "#server/marketing/subscribers.ts";
import { searchSite } from "#server/search/query.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { scaleCounts, scaleFromArgs, seedScale } from "./scale";

it("reads --scale from the command's arguments", () => {
  expect(scaleFromArgs([])).toBeUndefined();
  expect(scaleFromArgs(["--scale=10"])).toBe(10);
  expect(scaleFromArgs(["--scale=0.01"])).toBe(0.01);
  expect(() => scaleFromArgs(["--scale=0"])).toThrow(/above 0/);
  expect(() => scaleFromArgs(["--scale=ten"])).toThrow(/above 0/);
});

it("is the bench's data set at scale 1 and the issue's at scale 10", () => {
  expect(scaleCounts(1)).toMatchObject({ clients: 2_000, invoices: 10_000 });
  const one = scaleCounts(1);
  expect(one.insights + one.caseStudies + one.episodes).toBe(10_000);
  const ten = scaleCounts(10);
  expect(ten).toMatchObject({
    clients: 20_000,
    contacts: 40_000,
    invoices: 200_000,
    proposals: 20_000,
    projects: 5_000,
    subscribers: 1_000_000,
    pageViewsPerDay: 30_000,
    pageViewDays: 365,
    conversations: 50_000,
  });
  expect(ten.insights + ten.caseStudies + ten.episodes).toBe(100_000);
  expect(ten.conversations * ten.messagesPerConversation).toBe(500_000);
});

describeEachDatabase("the scaled data set", (get) => {
  const scale = 0.01;
  const expected = scaleCounts(scale);

  it("writes each kind in its proportion, and the product's queries read it", async () => {
    const { db } = get();
    const lines: string[] = [];
    await seedScale({ db, scale, progress: (line) => lines.push(line) });
    expect(lines.at(-1)).toMatch(/^done in/);
    // Every step says how long it took (the lines within a step count its rows).
    const steps = lines.filter((line) => !line.startsWith("  "));
    expect(steps.filter((line) => !/ in \d+\.\d s$/.test(line))).toEqual([]);
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^subscribers: \d search indexes built in /),
        expect.stringMatching(/^search_document_pairs: 1 search index built in /),
        expect.stringMatching(/^page views: daily figures for 363 days in /),
        expect.stringMatching(/^analyze \(the planner's statistics\) in /),
      ]),
    );
    const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
    expect(await rows(clients)).toBe(expected.clients);
    expect(await rows(clientContacts)).toBe(expected.contacts);
    expect(await rows(invoices)).toBe(expected.invoices);
    expect(await rows(payments)).toBeGreaterThan(0);
    expect(await rows(proposals)).toBe(expected.proposals);
    expect(await rows(projects)).toBe(expected.projects);
    expect(await rows(projectMilestones)).toBe(expected.projects * expected.milestonesPerProject);
    expect(await rows(insights)).toBe(expected.insights);
    expect(await rows(caseStudies)).toBe(expected.caseStudies);
    expect(await rows(podcastEpisodes)).toBe(expected.episodes);
    expect(
      (
        await db
          .select({ n: count() })
          .from(searchDocuments)
          .where(sql`path like '%/scale-%' or path like '%#scale-%'`)
      )[0].n,
    ).toBe(expected.insights + expected.caseStudies + expected.episodes);
    expect(await rows(subscribers)).toBe(expected.subscribers);
    expect(await rows(chatConversations)).toBe(expected.conversations);
    expect(await rows(chatMessages)).toBe(
      expected.conversations * expected.messagesPerConversation,
    );
    // Raw events only for the days the product keeps them; figures for every day of the year.
    expect(await rows(analyticsEvents)).toBe(expected.pageViewsPerDay * 2);
    const days = await db
      .selectDistinct({ day: analyticsDaily.day })
      .from(analyticsDaily)
      .where(eq(analyticsDaily.dimension, "total"));
    expect(days).toHaveLength(365);

    const url = (query: string) => new URL(`http://admin.test/admin/list?${query}`);
    const invoicePage = await findInvoices({
      db,
      query: listQueryFrom(url(""), { sorts: invoiceSorts, defaultSort: "issueDate" }),
    });
    expect(invoicePage.total).toBe(expected.invoices);
    expect(invoicePage.rows[0].company).toMatch(/^Company \d{5} /);
    const found = await findClients({
      db,
      query: listQueryFrom(url("q=company%2000007"), {
        sorts: clientSorts,
        defaultSort: "company",
      }),
    });
    expect(found.rows.map((row) => row.company)).toEqual([
      expect.stringMatching(/^Company 00007 /),
    ]);
    expect((await findSubscribers({ db })).total).toBe(expected.subscribers);
    const figures = await getDashboardFigures({ db });
    expect(figures).toBeTruthy();
    const report = await getAnalyticsReport({ db, period: lastDays(365, utcDay(new Date())) });
    expect(report.totals.views).toBeGreaterThan(expected.pageViewsPerDay * 300);
    const search = await searchSite({ db, query: "engineering" });
    expect(search.total).toBeGreaterThan(0);
    // The typo rules' word list counts the seeded pages too, as the index would have.
    const holding = await db
      .select({ n: count() })
      .from(searchDocuments)
      .where(sql`concat_ws(' ', title, summary, keywords, body) ~* ${"\\mkubernetes\\M"}`);
    const [listed] = await db
      .select({ documents: searchWords.documents })
      .from(searchWords)
      .where(eq(searchWords.word, "kubernetes"));
    expect(holding[0].n).toBeGreaterThan(expected.insights / 10);
    expect(listed?.documents).toBe(holding[0].n);
    // Every page has the word pairs its text makes (given by the seed, not by the trigger), so
    // a quoted phrase finds seeded pages.
    const pairs = await db.execute(sql`
      select count(*)::int as pages,
        count(*) filter (where p.pairs is not distinct from
          search_word_pairs('english', d.title, d.summary || ' ' || d.keywords, d.body))::int as right
      from search_documents d left join search_document_pairs p on p.document_id = d.id`);
    const { pages, right } = pairs.rows[0] as { pages: number; right: number };
    expect(pages).toBeGreaterThan(expected.insights);
    expect(right).toBe(pages);
    const [seeded] = await db
      .select({ title: insights.title })
      .from(insights)
      .where(eq(insights.slug, "scale-insight-1"));
    const phrase = seeded.title.split(" ").slice(0, 2).join(" ");
    const byPhrase = await searchSite({ db, query: `"${phrase}"` });
    expect(byPhrase.items.map((item) => item.title)).toContain(seeded.title);
  }, 120_000);

  it("refuses to add scaled data twice", async () => {
    await expect(seedScale({ db: get().db, scale })).rejects.toThrow(/already holds scaled data/);
  });
});
