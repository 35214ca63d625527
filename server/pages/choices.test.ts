import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { testimonials } from "#server/db/schema/content.ts";
import { media } from "#server/db/schema/media.ts";
import { makeCaseStudy, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findPickerChoices } from "./choices";

describeEachDatabase("what the page editor's pickers offer", (get) => {
  it("testimonials in their order, live case studies and insights, chosen drafts, images only", async () => {
    const { db } = get();
    await db.insert(testimonials).values([
      { quote: "Q", name: "Second", role: "CTO", company: "Beta", position: 2 },
      { quote: "Q", name: "First", role: "CEO", company: "Alpha", position: 1 },
      { quote: "Q", name: "Hidden", role: "CFO", company: "Gamma", position: 3, isVisible: false },
    ]);
    const live = await makeCaseStudy(db, { title: "Live study" });
    const draft = await makeCaseStudy(db, { title: "Draft study", status: "draft" });
    const chosenDraft = await makeCaseStudy(db, { title: "Chosen draft", status: "draft" });
    const insight = await makeInsight(db, { title: "Live insight" });
    const scheduled = await makeInsight(db, {
      title: "Later insight",
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    await db.insert(media).values([
      {
        kind: "image",
        url: "/uploads/a.webp",
        contentType: "image/webp",
        bytes: 1,
        originalName: "team.jpg",
      },
      { kind: "audio", url: "/uploads/b.mp3", contentType: "audio/mpeg", bytes: 1 },
      {
        kind: "image",
        url: "/uploads/c.webp",
        contentType: "image/webp",
        bytes: 1,
        alt: "An office",
      },
    ]);

    const choices = await findPickerChoices({
      db,
      blocks: [
        {
          type: "contentList",
          kind: "case-studies",
          mode: "chosen",
          count: 3,
          ids: [chosenDraft.id, randomUUID()],
        },
      ] as never,
    });

    expect(choices.testimonials.map((choice) => choice.label)).toEqual([
      "First, Alpha",
      "Second, Beta",
      "Hidden, Gamma (hidden)",
    ]);
    const studies = choices.caseStudies.map((choice) => choice.id);
    expect(studies).toContain(live.id);
    expect(studies).toContain(chosenDraft.id);
    expect(studies).not.toContain(draft.id);
    const insightIds = choices.insights.map((choice) => choice.id);
    expect(insightIds).toContain(insight.id);
    expect(insightIds).not.toContain(scheduled.id);
    expect(choices.images).toEqual(
      expect.arrayContaining([
        { id: "/uploads/a.webp", label: "team.jpg" },
        { id: "/uploads/c.webp", label: "An office" },
      ]),
    );
    expect(choices.images.map((image) => image.id)).not.toContain("/uploads/b.mp3");
  });
});
