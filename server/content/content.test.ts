import { expect, it } from "vitest";
import { testimonials } from "#server/db/schema/content.ts";
import { media } from "#server/db/schema/media.ts";
import {
  daysAgo,
  makeCaseStudy,
  makeEpisode,
  makeInsight,
  unique,
} from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  findCaseStudyIndustries,
  findPublishedCaseStudies,
  findPublishedCaseStudy,
  findRelatedCaseStudies,
} from "./case-studies";
import {
  findInsightTags,
  findPublishedInsight,
  findPublishedInsights,
  findRelatedInsights,
} from "./insights";
import { findAudioEpisodesForFeed, findPublishedEpisodes } from "./podcasts";
import { findVisibleTestimonials } from "./testimonials";

describeEachDatabase("public content queries", (get) => {
  it("gives an article's uploaded images their stored sizes (srcset) and dimensions", async () => {
    const { db } = get();
    const base = `/uploads/images/${unique().padEnd(32, "0").slice(0, 32)}`;
    await db.insert(media).values({
      kind: "image",
      url: `${base}-1600.webp`,
      contentType: "image/webp",
      bytes: 1000,
      width: 2400,
      height: 1600,
      alt: "A diagram",
    });
    const insight = await makeInsight(db, { body: `Intro\n\n![A diagram](${base}-960.webp)` });
    const shown = await findPublishedInsight({ db, slug: insight.slug });
    expect(shown?.html).toContain(`srcset="${base}-480.webp 480w, ${base}-960.webp 960w"`);
    expect(shown?.html).toContain('width="960" height="640"');
    const study = await makeCaseStudy(db, { solution: `![A diagram](${base}-1600.webp)` });
    const caseStudy = await findPublishedCaseStudy({ db, slug: study.slug });
    expect(caseStudy?.solutionHtml).toContain('width="1600" height="1067"');
  });

  it("lists only live case studies, filtered by service and industry, paginated", async () => {
    const { db } = get();
    const industry = `Industry ${unique()}`;
    const live = [];
    for (let index = 0; index < 4; index++)
      live.push(
        await makeCaseStudy(db, {
          industry,
          services: index % 2 ? ["ai-ml"] : ["web-platforms", "ui-ux-design"],
          publishedAt: daysAgo(index + 1),
        }),
      );
    await makeCaseStudy(db, { industry, status: "draft" });
    await makeCaseStudy(db, { industry, status: "scheduled", publishedAt: null });
    await makeCaseStudy(db, { industry, publishedAt: new Date(Date.now() + 86_400_000) });

    const all = await findPublishedCaseStudies({ db, filters: { industry } });
    expect(all.items.map((item) => item.id)).toEqual(live.map((item) => item.id));

    const ai = await findPublishedCaseStudies({ db, filters: { industry, service: "ai-ml" } });
    expect(ai.items.map((item) => item.id)).toEqual([live[1].id, live[3].id]);

    const second = await findPublishedCaseStudies({
      db,
      filters: { industry, page: 2 },
      pageSize: 3,
    });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(second.items.map((item) => item.id)).toEqual([live[3].id]);

    const beyond = await findPublishedCaseStudies({
      db,
      filters: { industry, page: 99 },
      pageSize: 3,
    });
    expect(beyond.page).toBe(2);

    expect(await findCaseStudyIndustries({ db })).toContain(industry);
  });

  it("shows a published case study with rendered sections and 404s the rest", async () => {
    const { db } = get();
    const study = await makeCaseStudy(db, { challenge: "Hard <script>x()</script> **work**" });
    const draft = await makeCaseStudy(db, { status: "draft" });
    const found = await findPublishedCaseStudy({ db, slug: study.slug });
    expect(found?.challengeHtml).toContain("<strong>work</strong>");
    expect(found?.challengeHtml).not.toContain("<script");
    expect(await findPublishedCaseStudy({ db, slug: draft.slug })).toBeUndefined();
    expect(await findPublishedCaseStudy({ db, slug: "no-such-slug" })).toBeUndefined();
  });

  it("puts staff-picked related case studies first and never a draft or itself", async () => {
    const { db } = get();
    const picked = await makeCaseStudy(db, { services: ["vr-ar"] });
    const draft = await makeCaseStudy(db, { status: "draft", services: ["vr-ar"] });
    const study = await makeCaseStudy(db, {
      services: ["vr-ar"],
      relatedIds: [draft.id, picked.id],
    });
    const related = await findRelatedCaseStudies({ db, caseStudy: study });
    expect(related[0].id).toBe(picked.id);
    expect(related.map((item) => item.id)).not.toContain(draft.id);
    expect(related.map((item) => item.id)).not.toContain(study.id);
    expect(related).toHaveLength(3);
  });

  it("lists live insights newest first with a tag filter and reading time", async () => {
    const { db } = get();
    const tag = `tag-${unique()}`;
    const older = await makeInsight(db, { tags: [tag], publishedAt: daysAgo(5) });
    const newer = await makeInsight(db, {
      tags: [tag, "other"],
      publishedAt: daysAgo(2),
      body: Array.from({ length: 700 }, () => "word").join(" "),
    });
    await makeInsight(db, { tags: [tag], status: "draft" });
    const page = await findPublishedInsights({ db, tag });
    expect(page.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(page.items[0].readingMinutes).toBe(3);
    expect(await findInsightTags({ db })).toContain(tag);
  });

  it("renders an insight's body sanitised and finds related ones by tag", async () => {
    const { db } = get();
    const tag = `tag-${unique()}`;
    const insight = await makeInsight(db, {
      tags: [tag],
      body: '## Hi\n\n<img src=x onerror="alert(1)"> [x](javascript:alert(1))',
    });
    const sibling = await makeInsight(db, { tags: [tag] });
    const found = await findPublishedInsight({ db, slug: insight.slug });
    expect(found?.html).toContain("<h2>Hi</h2>");
    expect(found?.html).not.toMatch(/onerror|javascript:/);
    const related = await findRelatedInsights({ db, insight });
    expect(related[0].id).toBe(sibling.id);
    expect(related.map((item) => item.id)).not.toContain(insight.id);
  });

  it("gives visible testimonials in the staff's order", async () => {
    const { db } = get();
    await db.delete(testimonials);
    await db.insert(testimonials).values([
      { quote: "B", name: "B", role: "CTO", company: "B Co", position: 2 },
      { quote: "A", name: "A", role: "CEO", company: "A Co", position: 1 },
      { quote: "H", name: "H", role: "CFO", company: "H Co", position: 0, isVisible: false },
    ]);
    const list = await findVisibleTestimonials({ db });
    expect(list.map((item) => item.name)).toEqual(["A", "B"]);
  });

  it("lists live episodes with sanitised show notes; the feed only takes audio", async () => {
    const { db } = get();
    const audio = await makeEpisode(db);
    const video = await makeEpisode(db, {
      kind: "video",
      audioUrl: null,
      audioBytes: null,
      audioType: null,
      youtubeVideoId: `v${unique()}`,
    });
    const draft = await makeEpisode(db, { status: "draft" });
    const page = await findPublishedEpisodes({ db });
    const ids = page.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([audio.id, video.id]));
    expect(ids).not.toContain(draft.id);
    const item = page.items.find((entry) => entry.id === audio.id);
    expect(item?.showNotesHtml).toContain("<strong>bold</strong>");
    expect(item?.showNotesHtml).not.toContain("<script");
    const feed = await findAudioEpisodesForFeed({ db });
    expect(feed.map((entry) => entry.id)).toContain(audio.id);
    expect(feed.map((entry) => entry.id)).not.toContain(video.id);
  });
});
