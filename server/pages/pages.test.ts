import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { PUBLIC_PAGES_CHANNEL } from "#server/cache/page-cache.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { redirects } from "#server/db/schema/seo.ts";
import { AppError } from "#server/errors.ts";
import { loadRedirectTable } from "#server/seo/redirects.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  createPage,
  deletePage,
  duplicatePage,
  findPageRevisions,
  getPageByPath,
  getPageForEdit,
  listPages,
  PageConflictError,
  publishDuePages,
  publishPage,
  restorePageRevision,
  schedulePage,
  unpublishPage,
  updatePage,
} from "./pages";

const actor = { id: "admin-1", name: "Ada Admin" };
const other = { id: "admin-2", name: "Bo Admin" };

const faqBlock = (questions: Array<[string, string]>) => ({
  type: "faqList",
  items: questions.map(([question, answer]) => ({ question, answer })),
});

function input(overrides: Record<string, unknown> = {}) {
  return {
    path: `/landing-${randomUUID().slice(0, 8)}`,
    title: "Spring audit",
    blocks: [
      { type: "hero", title: "A spring audit of your platform", eyebrow: "Campaign" },
      faqBlock([["How long?", "Two weeks."]]),
    ],
    ...overrides,
  } as Parameters<typeof createPage>[0]["input"];
}

async function refusal(work: Promise<unknown>) {
  const error = await work.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeEachDatabase("pages built from blocks", (get) => {
  async function auditOf(id: string) {
    return get()
      .db.select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "pages"), eq(auditEvents.recordId, id)))
      .orderBy(asc(auditEvents.seq));
  }

  it("creates a draft that stays off the site until published, each change audited", async () => {
    const page = await createPage({ database: get(), actor, input: input() });
    expect(page).toMatchObject({ status: "draft", version: 1, isHome: false });
    expect(await getPageByPath({ db: get().db, path: page.path })).toBeUndefined();
    const notices: string[] = [];
    const stop = await get().listen(PUBLIC_PAGES_CHANNEL, (reason) => notices.push(reason));
    const published = await publishPage({ database: get(), actor, id: page.id });
    await expect.poll(() => notices.length).toBeGreaterThan(0);
    await stop();
    expect(published).toMatchObject({ status: "published", version: 2 });
    const live = await getPageByPath({ db: get().db, path: page.path });
    expect(live?.blocks[0]).toMatchObject({ type: "hero", variant: "page", ctas: [] });
    expect((await auditOf(page.id)).map((row) => row.action)).toEqual(["create", "publish"]);
    expect((await listPages({ db: get().db, search: page.path })).map((row) => row.id)).toEqual([
      page.id,
    ]);
  });

  it("refuses a bad block with a message naming it, and pages over the limits", async () => {
    const bad = input({
      blocks: [
        { type: "hero", title: "Hi" },
        { type: "richText", markdown: "Words" },
        faqBlock([
          ["One?", "Yes."],
          ["Two?", ""],
        ]),
      ],
    });
    const error = await refusal(createPage({ database: get(), actor, input: bad }));
    expect(error.message).toBe("Block 3 (FAQ list): question 2 needs an answer.");
    expect(error.fieldErrors?.["blocks.2"]).toEqual([error.message]);
    const html = await refusal(
      createPage({
        database: get(),
        actor,
        input: input({ blocks: [{ type: "richText", markdown: "<iframe src=x></iframe>" }] }),
      }),
    );
    expect(html.message).toContain("may not contain HTML");
    const tooMany = await refusal(
      createPage({
        database: get(),
        actor,
        input: input({ blocks: Array.from({ length: 101 }, () => ({ type: "newsletter" })) }),
      }),
    );
    expect(tooMany.message).toContain("at most 100 blocks");
    const tooBig = await refusal(
      createPage({
        database: get(),
        actor,
        input: input({
          blocks: Array.from({ length: 14 }, () => ({
            type: "richText",
            markdown: "é".repeat(10_000),
          })),
        }),
      }),
    );
    expect(tooBig.message).toContain("at most 256 KB");
    const http = await refusal(
      createPage({
        database: get(),
        actor,
        input: input({
          blocks: [
            { type: "ctaBand", title: "Go", primary: { label: "Go", href: "http://x.test/" } },
          ],
        }),
      }),
    );
    expect(http.message).toMatch(/^Block 1 \(Call-to-action band\): .*https:\/\//);
  });

  it("refuses addresses a route or another page holds", async () => {
    const first = await createPage({ database: get(), actor, input: input() });
    for (const path of ["/insights", "/case-studies/x", "/admin/pages", "/contact"])
      expect(
        (await refusal(createPage({ database: get(), actor, input: input({ path }) }))).fieldErrors
          ?.path,
      ).toBeDefined();
    const taken = await refusal(
      createPage({ database: get(), actor, input: input({ path: first.path }) }),
    );
    expect(taken.code).toBe("CONFLICT");
  });

  it("refuses the second of two editors' saves with what the first changed", async () => {
    const page = await createPage({ database: get(), actor, input: input() });
    const opened = await getPageForEdit({ db: get().db, id: page.id });
    if (!opened) throw new Error("page missing");
    const saved = await updatePage({
      database: get(),
      actor: other,
      id: page.id,
      expectedVersion: opened.version,
      input: input({
        path: page.path,
        title: "Spring platform audit",
        blocks: [
          opened.blocks[0],
          faqBlock([
            ["How long?", "Two weeks."],
            ["Who?", "Two seniors."],
          ]),
        ],
      }),
    });
    expect(saved.version).toBe(2);
    const error = await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: opened.version,
      input: input({ path: page.path, title: "My title" }),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageConflictError);
    const conflict = error as PageConflictError;
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.savedBy).toBe("Bo Admin");
    expect(conflict.current.version).toBe(2);
    expect(conflict.changes).toEqual(["Title changed", "Block 2 (FAQ list) changed"]);
    const after = await getPageForEdit({ db: get().db, id: page.id });
    expect(after).toMatchObject({ title: "Spring platform audit", version: 2 });
    // Saved against the version it now knows, the second editor's change goes in.
    const retried = await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: 2,
      input: input({ path: page.path, title: "My title" }),
    });
    expect(retried).toMatchObject({ title: "My title", version: 3 });
  });

  it("keeps revisions and restores one as a new version", async () => {
    const page = await createPage({ database: get(), actor, input: input({ title: "First" }) });
    await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: 1,
      input: input({ path: page.path, title: "Second", blocks: [{ type: "newsletter" }] }),
    });
    const revisions = await findPageRevisions({ db: get().db, id: page.id });
    expect(revisions.map((revision) => revision.reason)).toEqual(["save", "save"]);
    const restored = await restorePageRevision({
      database: get(),
      actor,
      id: page.id,
      revisionId: revisions[1].id,
      expectedVersion: 2,
    });
    expect(restored).toMatchObject({ title: "First", version: 3 });
    expect(restored.blocks.map((block) => block.type)).toEqual(["hero", "faqList"]);
    expect((await findPageRevisions({ db: get().db, id: page.id }))[0].reason).toBe("restore");
    expect((await auditOf(page.id)).map((row) => row.action)).toEqual([
      "create",
      "update",
      "restore",
    ]);
    // A restore from a stale copy is a conflict too.
    expect(
      await restorePageRevision({
        database: get(),
        actor,
        id: page.id,
        revisionId: revisions[0].id,
        expectedVersion: 2,
      }).catch((caught: unknown) => caught),
    ).toBeInstanceOf(PageConflictError);
  });

  it("leaves a 301 from a live page's old path, one hop however often it moves", async () => {
    const page = await createPage({ database: get(), actor, input: input(), status: "published" });
    const second = `${page.path}-two`;
    const third = `${page.path}-three`;
    await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: 1,
      input: input({ path: second }),
    });
    await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: 2,
      input: input({ path: third }),
    });
    const table = await loadRedirectTable(get().db);
    expect(table.get(page.path)).toEqual({ to: third, status: 301 });
    expect(table.get(second)).toEqual({ to: third, status: 301 });
    // Moving back home drops the redirect away from where the page lives again.
    await updatePage({
      database: get(),
      actor,
      id: page.id,
      expectedVersion: 3,
      input: input({ path: page.path }),
    });
    const rows = await get().db.select().from(redirects).where(eq(redirects.fromPath, page.path));
    expect(rows).toEqual([]);
    expect((await loadRedirectTable(get().db)).get(third)).toEqual({
      to: page.path,
      status: 301,
    });
    // A draft's move leaves nothing behind.
    const draft = await createPage({ database: get(), actor, input: input() });
    await updatePage({
      database: get(),
      actor,
      id: draft.id,
      expectedVersion: 1,
      input: input({ path: `${draft.path}-moved` }),
    });
    expect((await loadRedirectTable(get().db)).has(draft.path)).toBe(false);
  });

  it("never deletes, unpublishes or moves the home page", async () => {
    const home = await createPage({
      database: get(),
      actor,
      input: input({ path: "/", title: "Home" }),
      status: "published",
      isHome: true,
    });
    expect((await refusal(deletePage({ database: get(), actor, id: home.id }))).message).toMatch(
      /home page cannot be deleted/,
    );
    expect((await refusal(unpublishPage({ database: get(), actor, id: home.id }))).message).toMatch(
      /home page cannot be unpublished/,
    );
    expect(
      (await refusal(schedulePage({ database: get(), actor, id: home.id, publishAt: new Date() })))
        .message,
    ).toMatch(/home page cannot be unpublished/);
    await refusal(
      updatePage({
        database: get(),
        actor,
        id: home.id,
        expectedVersion: 1,
        input: input({ path: "/home" }),
      }),
    );
    expect(await getPageByPath({ db: get().db, path: "/" })).toMatchObject({ id: home.id });
    // Any other page goes.
    const page = await createPage({ database: get(), actor, input: input(), status: "published" });
    await unpublishPage({ database: get(), actor, id: page.id });
    await deletePage({ database: get(), actor, id: page.id });
    expect(await getPageForEdit({ db: get().db, id: page.id })).toBeUndefined();
    expect((await auditOf(page.id)).map((row) => row.action)).toEqual([
      "create",
      "unpublish",
      "delete",
    ]);
  });

  it("publishes a scheduled page at its time", async () => {
    const page = await createPage({ database: get(), actor, input: input() });
    const publishAt = new Date(Date.now() + 60_000);
    const scheduled = await schedulePage({ database: get(), actor, id: page.id, publishAt });
    expect(scheduled).toMatchObject({ status: "scheduled", publishAt });
    expect(
      (await refusal(schedulePage({ database: get(), actor, id: page.id, publishAt: new Date(0) })))
        .fieldErrors?.publishAt,
    ).toBeDefined();
    expect(await publishDuePages(get(), new Date())).not.toContain(page.path);
    expect(await publishDuePages(get(), new Date(Date.now() + 120_000))).toContain(page.path);
    const live = await getPageForEdit({ db: get().db, id: page.id });
    expect(live).toMatchObject({ status: "published", publishedAt: publishAt, publishAt: null });
    expect((await auditOf(page.id)).map((row) => row.action)).toEqual([
      "create",
      "schedule",
      "publish",
    ]);
  });

  it("duplicates a page as a draft at a free path", async () => {
    const page = await createPage({ database: get(), actor, input: input(), status: "published" });
    const copy = await duplicatePage({ database: get(), actor, id: page.id });
    const again = await duplicatePage({ database: get(), actor, id: page.id });
    expect(copy).toMatchObject({ path: `${page.path}-copy`, status: "draft", version: 1 });
    expect(again.path).toBe(`${page.path}-copy-2`);
    expect(copy.blocks).toEqual(page.blocks);
  });
});
