import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { listQueryFrom } from "#server/business/list-query.ts";
import { leads } from "#server/db/schema/leads.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { sortedBy, walkKeyset } from "#tests/helpers/keyset-walk.ts";
import { findLeads, leadSorts } from "./leads";

describeEachDatabase("leads by keyset", (get) => {
  it("pages forward and back through leads of three instants, by date and by name", async () => {
    const { db } = get();
    const tag = `keyset-${randomUUID().slice(0, 8)}`;
    const inserted = await db
      .insert(leads)
      .values(
        Array.from({ length: 23 }, (_, index) => ({
          name: `${tag} ${index % 4}`,
          email: `${tag}-${index}@example.com`,
          message: "Hello",
          createdAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
        })),
      )
      .returning();
    const read = (search: string) => (cursor: { after?: string; before?: string }) => {
      const url = new URL(`http://admin.test/admin/clients?tab=leads&q=${tag}&pageSize=10`);
      for (const [name, value] of new URLSearchParams(search)) url.searchParams.set(name, value);
      if (cursor.after) url.searchParams.set("after", cursor.after);
      if (cursor.before) url.searchParams.set("before", cursor.before);
      const query = listQueryFrom(url, { sorts: leadSorts, defaultSort: "createdAt" });
      return findLeads({ db, query: { ...query, pageSize: 5 }, status: "new" });
    };
    const orders = [
      ["", sortedBy(inserted, [(row) => row.createdAt, "desc"], [(row) => row.id, "desc"])],
      [
        "sort=name&dir=asc",
        sortedBy(inserted, [(row) => row.name, "asc"], [(row) => row.id, "asc"]),
      ],
    ] as const;
    for (const [search, expected] of orders) {
      const walk = await walkKeyset(read(search), (row) => row.email);
      expect(walk.isPreviousOnFirst).toBe(false);
      expect(walk.forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
      expect(walk.forward.flat()).toEqual(expected.map((row) => row.email));
      expect(new Set(walk.forward.flat()).size).toBe(23);
      expect(walk.backward).toEqual(walk.forward);
      expect(walk.first).toMatchObject({ total: 23, totalIsEstimate: false });
      // An old address's ?page= is still an offset.
      const second = await read(`${search}&page=2`)({});
      expect(second.rows.map((row) => row.email)).toEqual(walk.forward[1]);
    }
  });
});
