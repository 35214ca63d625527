import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { issueFormToken } from "#server/antispam/antispam.ts";
import { comments } from "#server/db/schema/content.ts";
import type { AppError } from "#server/errors.ts";
import { makeInsight, unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findApprovedComments, submitComment } from "./comments";

const secret = "a-secret-of-at-least-thirty-two-characters";

function commentForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    name: "Grace",
    email: "Grace@Example.com",
    body: "A thoughtful comment.",
    website: "",
    formToken: issueFormToken(secret, Date.now() - 5000),
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

/** The comment a first sending stored (a repeat stores none). */
function commentOf(result: Awaited<ReturnType<typeof submitComment>>) {
  if (result.isRepeat) throw new Error("expected a first sending");
  return result.comment;
}

describeEachDatabase("comments", (get) => {
  it("keeps a new comment pending; only approved ones are listed, without emails", async () => {
    const { db } = get();
    const insight = await makeInsight(db);
    const created = commentOf(
      await submitComment({
        db,
        secret,
        slug: insight.slug,
        form: commentForm(),
        address: unique(),
      }),
    );
    expect(created.status).toBe("pending");
    const [stored] = await db.select().from(comments).where(eq(comments.id, created.id));
    expect(stored.email).toBe("grace@example.com");
    expect(await findApprovedComments({ db, insightId: insight.id })).toEqual([]);

    await db.update(comments).set({ status: "approved" }).where(eq(comments.id, created.id));
    const listed = await findApprovedComments({ db, insightId: insight.id });
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("email");
    expect(listed[0]).toMatchObject({ name: "Grace", body: "A thoughtful comment." });
  });

  it("explains invalid input at the field and stores nothing", async () => {
    const { db } = get();
    const insight = await makeInsight(db);
    const cases: Array<[Record<string, string>, string]> = [
      [{ body: "x" }, "body"],
      [{ body: "y".repeat(2001) }, "body"],
      [{ email: "not-an-email" }, "email"],
      [{ name: "  " }, "name"],
    ];
    for (const [fields, field] of cases) {
      const error = (await submitComment({
        db,
        secret,
        slug: insight.slug,
        form: commentForm(fields),
        address: unique(),
      }).catch((caught) => caught)) as AppError;
      expect(error.status).toBe(400);
      expect(error.fieldErrors?.[field]?.length).toBeGreaterThan(0);
    }
    const ok = commentOf(
      await submitComment({
        db,
        secret,
        slug: insight.slug,
        form: commentForm({ body: "ok" }),
        address: unique(),
      }),
    );
    expect(ok.status).toBe("pending");
    const stored = await db.select().from(comments).where(eq(comments.insightId, insight.id));
    expect(stored).toHaveLength(1);
  });

  it("refuses comments on drafts and unknown slugs, and bots", async () => {
    const { db } = get();
    const draft = await makeInsight(db, { status: "draft" });
    const insight = await makeInsight(db);
    await expect(
      submitComment({ db, secret, slug: draft.slug, form: commentForm(), address: unique() }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      submitComment({
        db,
        secret,
        slug: insight.slug,
        form: commentForm({ website: "spam" }),
        address: unique(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      submitComment({
        db,
        secret,
        slug: insight.slug,
        form: commentForm({ formToken: issueFormToken(secret) }),
        address: unique(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await db.select().from(comments).where(eq(comments.insightId, insight.id))).toEqual([]);
  });

  it("stores one comment for the same form sent twice, one after the other or at once", async () => {
    const { db } = get();
    const insight = await makeInsight(db);
    const form = commentForm();
    const send = () => submitComment({ db, secret, slug: insight.slug, form, address: unique() });
    expect((await send()).isRepeat).toBe(false);
    expect(await send()).toEqual({ isRepeat: true });
    const atOnce = commentForm({ body: "Sent twice at the same moment." });
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        submitComment({ db, secret, slug: insight.slug, form: atOnce, address: unique() }),
      ),
    );
    expect(results.filter((result) => !result.isRepeat)).toHaveLength(1);
    const stored = await db.select().from(comments).where(eq(comments.insightId, insight.id));
    expect(stored).toHaveLength(2);
  });
});
