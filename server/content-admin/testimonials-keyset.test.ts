import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { testimonials } from "#server/db/schema/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { sortedBy, walkKeyset } from "#tests/helpers/keyset-walk.ts";
import { findTestimonialsForAdmin } from "./testimonials";

describeEachDatabase("testimonials by keyset", (get) => {
  it("pages forward and back through tied positions and instants, in the site's order", async () => {
    const { db } = get();
    const tag = `keyset-${randomUUID().slice(0, 8)}`;
    await db.insert(testimonials).values(
      Array.from({ length: 23 }, (_, index) => ({
        quote: `${tag} ${index}`,
        name: `${tag} ${index}`,
        role: "CTO",
        company: "Co",
        position: index % 4,
        createdAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
      })),
    );
    const all = await db.select().from(testimonials);
    const expected = sortedBy(
      all,
      [(row) => row.position, "asc"],
      [(row) => row.createdAt, "asc"],
      [(row) => row.id, "asc"],
    );
    const walk = await walkKeyset(
      (cursor) => findTestimonialsForAdmin({ db, pageSize: 5, ...cursor }),
      (row) => row.name,
    );
    const sizes = walk.forward.map((rows) => rows.length);
    expect(walk.isPreviousOnFirst).toBe(false);
    expect(sizes.slice(0, -1).every((size) => size === 5)).toBe(true);
    expect(walk.forward.flat()).toEqual(expected.map((row) => row.name));
    expect(new Set(walk.forward.flat()).size).toBe(all.length);
    expect(walk.backward).toEqual(walk.forward);
    expect(walk.first).toMatchObject({ total: all.length, totalIsEstimate: false });
    const second = await findTestimonialsForAdmin({ db, pageSize: 5, page: 2 });
    expect(second.rows.map((row) => row.name)).toEqual(walk.forward[1]);
  });
});
