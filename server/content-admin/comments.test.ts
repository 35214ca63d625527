import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { findApprovedComments } from "#server/comments/comments.ts";
import { comments } from "#server/db/schema/content.ts";
import { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findCommentsForModeration, moderateComments } from "./comments";
import { saveInsight } from "./insights";

const actor = { id: "admin-1" };

describeEachDatabase("comment moderation", (get) => {
  it("approves, marks spam, rejects and deletes in bulk, naming the insight", async () => {
    const slug = `c-${randomUUID().slice(0, 8)}`;
    const insight = await saveInsight({
      database: get(),
      input: {
        title: "Commented",
        slug,
        excerpt: "E",
        body: "B",
        author: "A",
        status: "published",
      },
      actor,
    });
    const rows = await get()
      .db.insert(comments)
      .values(
        ["one", "two", "three", "four"].map((name) => ({
          insightId: insight.id,
          name,
          email: `${name}@example.com`,
          body: `Comment ${name}`,
        })),
      )
      .returning({ id: comments.id });
    const pending = await findCommentsForModeration({ db: get().db, status: "pending" });
    expect(pending.counts.pending).toBeGreaterThanOrEqual(4);
    expect(pending.rows.find((row) => row.id === rows[0].id)?.insightTitle).toBe("Commented");

    await moderateComments({
      database: get(),
      input: { intent: "approve", ids: [rows[0].id, rows[1].id] },
      actor,
    });
    await moderateComments({
      database: get(),
      input: { intent: "spam", ids: [rows[2].id] },
      actor,
    });
    await moderateComments({
      database: get(),
      input: { intent: "delete", ids: [rows[3].id] },
      actor,
    });
    const approved = await findApprovedComments({ db: get().db, insightId: insight.id });
    expect(approved.map((row) => row.name).sort()).toEqual(["one", "two"]);
    const spam = await findCommentsForModeration({ db: get().db, status: "spam" });
    expect(spam.rows.map((row) => row.id)).toContain(rows[2].id);

    const error = await moderateComments({
      database: get(),
      input: { intent: "approve", ids: [] },
      actor,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("Select at least one comment.");
  });
});
