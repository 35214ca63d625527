import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { comments } from "#server/db/schema/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { sortedBy, walkKeyset } from "#tests/helpers/keyset-walk.ts";
import { findCommentsForModeration } from "./comments";
import { saveInsight } from "./insights";

describeEachDatabase("comment moderation by keyset", (get) => {
  it("pages forward and back through a tab's comments of three instants", async () => {
    const { db } = get();
    const slug = `keyset-${randomUUID().slice(0, 8)}`;
    const insight = await saveInsight({
      database: get(),
      input: { title: "Walked", slug, excerpt: "E", body: "B", author: "A", status: "published" },
      actor: { id: "admin-1" },
    });
    const inserted = await db
      .insert(comments)
      .values(
        Array.from({ length: 23 }, (_, index) => ({
          insightId: insight.id,
          name: `${slug} ${index}`,
          email: `reader-${index}@example.com`,
          body: "Nice",
          createdAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
        })),
      )
      .returning();
    await db.insert(comments).values({
      insightId: insight.id,
      name: "Spammer",
      email: "spam@example.com",
      body: "Buy",
      status: "spam",
    });
    const expected = sortedBy(
      inserted,
      [(row) => row.createdAt, "desc"],
      [(row) => row.id, "desc"],
    );
    const walk = await walkKeyset(
      (cursor) => findCommentsForModeration({ db, status: "pending", pageSize: 5, ...cursor }),
      (row) => row.name,
    );
    expect(walk.isPreviousOnFirst).toBe(false);
    expect(walk.forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
    expect(walk.forward.flat()).toEqual(expected.map((row) => row.name));
    expect(new Set(walk.forward.flat()).size).toBe(23);
    expect(walk.backward).toEqual(walk.forward);
    expect(walk.first).toMatchObject({
      total: 23,
      totalIsEstimate: false,
      counts: { pending: 23, spam: 1, approved: 0, rejected: 0 },
    });
    const second = await findCommentsForModeration({ db, status: "pending", pageSize: 5, page: 2 });
    expect(second.rows.map((row) => row.name)).toEqual(walk.forward[1]);
  });
});
