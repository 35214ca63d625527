import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { findPublishedInsight } from "#server/content/insights.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { deleteInsight, getInsightForEdit, restoreInsightRevision, saveInsight } from "./insights";
import { publishDueContent } from "./publishing";
import { findRevisions } from "./revisions";
import { findSlugRedirect } from "./slug-redirects";

const actor = { id: "admin-1", name: "Ada Admin" };

function draft(overrides: Record<string, unknown> = {}) {
  const slug = `post-${randomUUID().slice(0, 8)}`;
  return {
    title: "Shipping faster",
    slug,
    excerpt: "How we ship.",
    body: "## Hello\n\nWorld ![diagram](/uploads/images/x-960.webp)",
    author: "Ada",
    tags: "Delivery, delivery , Velocity",
    status: "draft",
    ...overrides,
  };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeEachDatabase("insight editing", (get) => {
  it("creates a draft with clean tags, not visible publicly", async () => {
    const input = draft();
    const saved = await saveInsight({ database: get(), input, actor });
    const row = await getInsightForEdit({ db: get().db, id: saved.id });
    expect(row).toMatchObject({
      status: "draft",
      tags: ["delivery", "velocity"],
      publishedAt: null,
    });
    expect(await findPublishedInsight({ db: get().db, slug: input.slug })).toBeUndefined();
  });

  it("refuses a taken slug, a bad slug and a schedule in the past, with field errors", async () => {
    const first = draft();
    await saveInsight({ database: get(), input: first, actor });
    expect(
      (await refusal(saveInsight({ database: get(), input: draft({ slug: first.slug }), actor })))
        .fieldErrors?.slug,
    ).toBeDefined();
    expect(
      (
        await refusal(
          saveInsight({ database: get(), input: draft({ slug: "Not a slug!" }), actor }),
        )
      ).fieldErrors?.slug,
    ).toBeDefined();
    const past = await refusal(
      saveInsight({
        database: get(),
        input: draft({ status: "scheduled", publishAt: "2020-01-01T00:00:00Z" }),
        actor,
      }),
    );
    expect(past.fieldErrors?.publishAt).toEqual(["Choose a time in the future."]);
  });

  it("keeps the old URL of a published insight working after a slug change", async () => {
    const input = draft({ status: "published" });
    const saved = await saveInsight({ database: get(), input, actor });
    const newSlug = `${input.slug}-renamed`;
    await saveInsight({ database: get(), id: saved.id, input: { ...input, slug: newSlug }, actor });
    expect(await findSlugRedirect(get().db, { area: "insight", slug: input.slug })).toBe(newSlug);
    // A draft's slug change adds nothing: nobody could have linked to it.
    const other = draft();
    const otherSaved = await saveInsight({ database: get(), input: other, actor });
    await saveInsight({
      database: get(),
      id: otherSaved.id,
      input: { ...other, slug: `${other.slug}-x` },
      actor,
    });
    expect(await findSlugRedirect(get().db, { area: "insight", slug: other.slug })).toBeUndefined();
  });

  it("publishes a scheduled insight when its time comes", async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const input = draft({ status: "scheduled", publishAt: at.toISOString() });
    const saved = await saveInsight({ database: get(), input, actor });
    expect(await publishDueContent(get(), new Date())).not.toContain(input.slug);
    expect(await publishDueContent(get(), new Date(at.getTime() + 1000))).toContain(input.slug);
    const row = await getInsightForEdit({ db: get().db, id: saved.id });
    expect(row?.status).toBe("published");
    expect(row?.publishedAt?.getTime()).toBe(at.getTime());
  });

  it("keeps one autosave per session, refuses to autosave a published item, restores a revision", async () => {
    const input = draft();
    const saved = await saveInsight({ database: get(), input, actor });
    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...input, body: "typing 1" },
      actor,
      reason: "autosave",
    });
    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...input, body: "typing 2" },
      actor,
      reason: "autosave",
    });
    const revisions = await findRevisions(get().db, { area: "insight", recordId: saved.id });
    expect(revisions.map((revision) => revision.reason)).toEqual(["autosave", "save"]);
    await restoreInsightRevision({
      database: get(),
      id: saved.id,
      revisionId: revisions[1].id,
      actor,
    });
    expect((await getInsightForEdit({ db: get().db, id: saved.id }))?.body).toBe(input.body);

    await saveInsight({
      database: get(),
      id: saved.id,
      input: { ...input, status: "published" },
      actor,
    });
    const error = await refusal(
      saveInsight({
        database: get(),
        id: saved.id,
        input: { ...input, status: "published" },
        actor,
        reason: "autosave",
      }),
    );
    expect(error.code).toBe("CONFLICT");
  });

  it("deletes an insight", async () => {
    const saved = await saveInsight({ database: get(), input: draft(), actor });
    await deleteInsight({ database: get(), id: saved.id, actor });
    expect(await getInsightForEdit({ db: get().db, id: saved.id })).toBeUndefined();
  });
});
