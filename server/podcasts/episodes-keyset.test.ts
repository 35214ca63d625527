import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { podcastEpisodes } from "#server/db/schema/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { sortedBy, walkKeyset } from "#tests/helpers/keyset-walk.ts";
import { findEpisodesForAdmin } from "./episodes";

describeEachDatabase("podcast episodes by keyset", (get) => {
  it("pages forward and back through episodes of three instants, none lost or repeated", async () => {
    const { db } = get();
    const tag = `keyset-${randomUUID().slice(0, 8)}`;
    const at = (second: number) => new Date(Date.UTC(2026, 2, 4, 5, 6, second));
    // Published, scheduled and drafts: each stands at its publication, schedule or creation.
    const inserted = await db
      .insert(podcastEpisodes)
      .values(
        Array.from({ length: 23 }, (_, index) => {
          const kind = index % 3;
          return {
            slug: `${tag}-${index}`,
            title: `${tag} ${index}`,
            status: (["published", "scheduled", "draft"] as const)[kind],
            publishedAt: kind === 0 ? at(index % 3) : null,
            publishAt: kind === 1 ? at((index + 1) % 3) : null,
            createdAt: at((index + 2) % 3),
          };
        }),
      )
      .returning();
    const listTime = (row: (typeof inserted)[number]) =>
      row.publishedAt ?? row.publishAt ?? row.createdAt;
    const expected = sortedBy(inserted, [listTime, "desc"], [(row) => row.id, "desc"]);
    const walk = await walkKeyset(
      (cursor) => findEpisodesForAdmin(db, { search: tag, pageSize: 5, ...cursor }),
      (row) => row.slug,
    );
    expect(walk.isPreviousOnFirst).toBe(false);
    expect(walk.forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
    expect(walk.forward.flat()).toEqual(expected.map((row) => row.slug));
    expect(new Set(walk.forward.flat()).size).toBe(23);
    expect(walk.backward).toEqual(walk.forward);
    expect(walk.first).toMatchObject({ total: 23, totalIsEstimate: false });
    const second = await findEpisodesForAdmin(db, { search: tag, pageSize: 5, page: 2 });
    expect(second.rows.map((row) => row.slug)).toEqual(walk.forward[1]);
    // A filter is kept on every page.
    const drafts = await walkKeyset(
      (cursor) =>
        findEpisodesForAdmin(db, { search: tag, status: "draft", pageSize: 5, ...cursor }),
      (row) => row.slug,
    );
    expect(drafts.forward.flat()).toEqual(
      expected.filter((row) => row.status === "draft").map((row) => row.slug),
    );
    expect(drafts.backward).toEqual(drafts.forward);
  });
});
