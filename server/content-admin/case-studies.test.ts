import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { getCaseStudyForEdit, restoreCaseStudyRevision, saveCaseStudy } from "./case-studies";
import { findRevisions } from "./revisions";
import { findSlugRedirect } from "./slug-redirects";

const actor = { id: "admin-1" };

describeEachDatabase("case study editing", (get) => {
  it("saves services and metrics, redirects an old published slug and restores a revision", async () => {
    const slug = `cs-${randomUUID().slice(0, 8)}`;
    const input = {
      title: "Faster checkout",
      slug,
      client: "Acme",
      industry: "Retail",
      services: ["web-platforms", "ai-ml"],
      summary: "We rebuilt checkout.",
      challenge: "Slow.",
      solution: "Fast.",
      results: "Happy.",
      metrics: "Conversion: +18%\nLoad time: 0.9 s",
      status: "published",
    };
    const saved = await saveCaseStudy({ database: get(), input, actor });
    const row = await getCaseStudyForEdit({ db: get().db, id: saved.id });
    expect(row?.metrics).toEqual([
      { label: "Conversion", value: "+18%" },
      { label: "Load time", value: "0.9 s" },
    ]);
    await saveCaseStudy({
      database: get(),
      id: saved.id,
      input: { ...input, slug: `${slug}-v2`, summary: "Changed." },
      actor,
    });
    expect(await findSlugRedirect(get().db, { area: "case-study", slug })).toBe(`${slug}-v2`);
    const revisions = await findRevisions(get().db, { area: "case-study", recordId: saved.id });
    await restoreCaseStudyRevision({
      database: get(),
      id: saved.id,
      revisionId: revisions[1].id,
      actor,
    });
    const restored = await getCaseStudyForEdit({ db: get().db, id: saved.id });
    expect(restored?.summary).toBe("We rebuilt checkout.");
    expect(restored?.metrics).toHaveLength(2);
  });
});
