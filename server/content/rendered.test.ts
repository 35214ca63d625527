import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { saveCaseStudy } from "#server/content-admin/case-studies.ts";
import { saveInsight } from "#server/content-admin/insights.ts";
import { caseStudies, insights } from "#server/db/schema/content.ts";
import { makeCaseStudy, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findPublishedCaseStudy } from "./case-studies";
import { findPublishedInsight, findPublishedInsights } from "./insights";
import { RENDERER_VERSION } from "./markdown";
import { refreshRenderedContent } from "./rendered";

const actor = { id: "admin-1", name: "Ada Admin" };

describeEachDatabase("Markdown rendered once, when saved", (get) => {
  const storedInsight = async (id: string) =>
    (await get().db.select().from(insights).where(eq(insights.id, id)))[0];

  it("stores an insight's HTML and reading time when the editor saves it", async () => {
    const slug = `saved-${randomUUID().slice(0, 8)}`;
    const saved = await saveInsight({
      database: get(),
      input: {
        title: "Saved once",
        slug,
        excerpt: "Rendered at save.",
        body: "## Hello\n\n<script>alert(1)</script>Words here.",
        author: "Ada",
        tags: "delivery",
        status: "published",
      },
      actor,
    });
    const row = await storedInsight(saved.id);
    expect(row.renderedVersion).toBe(RENDERER_VERSION);
    expect(row.readingMinutes).toBe(1);
    expect(row.bodyHtml).toContain("<h2>Hello</h2>");
    expect(row.bodyHtml).not.toContain("script");
  });

  it("shows the stored HTML, not a new rendering of the Markdown", async () => {
    const { db } = get();
    const insight = await makeInsight(db, { body: "## Source" });
    await refreshRenderedContent(db);
    // Only the stored HTML changes: a page that rendered per request would not show it.
    await db
      .update(insights)
      .set({ bodyHtml: "<p>stored copy</p>", readingMinutes: 7 })
      .where(eq(insights.id, insight.id));
    const shown = await findPublishedInsight({ db, slug: insight.slug });
    expect(shown?.html).toBe("<p>stored copy</p>");
    expect(shown?.readingMinutes).toBe(7);
    const card = (await findPublishedInsights({ db, pageSize: 100 })).items.find(
      (item) => item.id === insight.id,
    );
    expect(card?.readingMinutes).toBe(7);
  });

  it("renders again, and stores, a row whose Markdown changed without new HTML", async () => {
    const { db } = get();
    const insight = await makeInsight(db, { body: "## Before" });
    expect((await findPublishedInsight({ db, slug: insight.slug }))?.html).toContain("Before");
    expect((await storedInsight(insight.id)).renderedVersion).toBe(RENDERER_VERSION);
    // A write that knows nothing of the HTML (a script, a seed): the trigger marks the row.
    await db.update(insights).set({ body: "## After" }).where(eq(insights.id, insight.id));
    expect((await storedInsight(insight.id)).renderedVersion).toBeNull();
    expect((await findPublishedInsight({ db, slug: insight.slug }))?.html).toContain("After");
    const row = await storedInsight(insight.id);
    expect(row.renderedVersion).toBe(RENDERER_VERSION);
    expect(row.bodyHtml).toContain("After");
  });

  it("renders again, at start-up, what an older renderer made", async () => {
    const { db } = get();
    const insight = await makeInsight(db, { body: "## Current rules" });
    const caseStudy = await makeCaseStudy(db, { results: "**Results**" });
    await db
      .update(insights)
      .set({ bodyHtml: "<p>old rules</p>", renderedVersion: RENDERER_VERSION - 1 })
      .where(eq(insights.id, insight.id));
    await refreshRenderedContent(db);
    expect((await storedInsight(insight.id)).bodyHtml).toContain("Current rules");
    const [study] = await db.select().from(caseStudies).where(eq(caseStudies.id, caseStudy.id));
    expect(study.renderedVersion).toBe(RENDERER_VERSION);
    expect(study.resultsHtml).toBe("<p><strong>Results</strong></p>\n");
  });

  it("renders again, at start-up, what a newer renderer made (a version rolled back)", async () => {
    const { db } = get();
    const insight = await makeInsight(db, { body: "## Rolled back" });
    await db
      .update(insights)
      .set({ bodyHtml: "<p>newer rules</p>", renderedVersion: RENDERER_VERSION + 1 })
      .where(eq(insights.id, insight.id));
    await refreshRenderedContent(db);
    const row = await storedInsight(insight.id);
    expect(row.bodyHtml).toContain("Rolled back");
    expect(row.renderedVersion).toBe(RENDERER_VERSION);
  });

  it("stores a case study's three sections when saved, and shows them", async () => {
    const { db } = get();
    const slug = `case-${randomUUID().slice(0, 8)}`;
    const saved = await saveCaseStudy({
      database: get(),
      input: {
        title: "Saved study",
        slug,
        client: "Acme",
        industry: "Logistics",
        services: "web-platforms",
        summary: "A summary.",
        challenge: "The *challenge*.",
        solution: "The solution.",
        results: "The results.",
        metrics: "",
        status: "published",
      },
      actor,
    });
    const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, saved.id));
    expect(row.renderedVersion).toBe(RENDERER_VERSION);
    expect(row.challengeHtml).toBe("<p>The <em>challenge</em>.</p>\n");
    await db
      .update(caseStudies)
      .set({ solutionHtml: "<p>stored solution</p>" })
      .where(eq(caseStudies.id, saved.id));
    expect((await findPublishedCaseStudy({ db, slug }))?.solutionHtml).toBe(
      "<p>stored solution</p>",
    );
  });
});
