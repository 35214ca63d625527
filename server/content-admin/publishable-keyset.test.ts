import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { insights } from "#server/db/schema/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findInsightsForAdmin } from "./insights";

describeEachDatabase("content lists by keyset", (get) => {
  it("pages forward and back through items edited in one instant, none lost or repeated", async () => {
    const { db } = get();
    const tag = `keyset-${randomUUID().slice(0, 8)}`;
    await db.insert(insights).values(
      Array.from({ length: 23 }, (_, index) => ({
        slug: `${tag}-${index}`,
        title: `${tag} ${index}`,
        excerpt: "Excerpt",
        body: "Body",
        author: "Keyset Walker",
        updatedAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
      })),
    );
    const all = await findInsightsForAdmin({ db, search: tag, pageSize: 100 });
    expect(all.rows).toHaveLength(23);
    const forward: string[][] = [];
    let page = await findInsightsForAdmin({ db, search: tag, pageSize: 5 });
    forward.push(page.rows.map((row) => row.slug));
    expect(page.previousCursor).toBeUndefined();
    while (page.nextCursor) {
      page = await findInsightsForAdmin({ db, search: tag, pageSize: 5, after: page.nextCursor });
      forward.push(page.rows.map((row) => row.slug));
    }
    expect(forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
    expect(forward.flat()).toEqual(all.rows.map((row) => row.slug));
    expect(new Set(forward.flat()).size).toBe(23);
    const backward: string[][] = [forward.at(-1) ?? []];
    while (page.previousCursor) {
      page = await findInsightsForAdmin({
        db,
        search: tag,
        pageSize: 5,
        before: page.previousCursor,
      });
      backward.unshift(page.rows.map((row) => row.slug));
    }
    expect(backward).toEqual(forward);
    expect(page).toMatchObject({ total: 23, totalIsEstimate: false });
  });
});
