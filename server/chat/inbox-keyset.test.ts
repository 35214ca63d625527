import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { chatConversations } from "#server/db/schema/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { sortedBy, walkKeyset } from "#tests/helpers/keyset-walk.ts";
import { findConversations } from "./inbox";

describeEachDatabase("chat inbox by keyset", (get) => {
  it("pages forward and back through conversations of three instants, per filter", async () => {
    const { db } = get();
    const tag = `keyset-${randomUUID().slice(0, 8)}`;
    await db.insert(chatConversations).values(
      Array.from({ length: 23 }, (_, index) => ({
        visitorId: `${tag}-${index}`,
        visitorName: `${tag} ${index}`,
        status: (["open", "assigned", "closed"] as const)[index % 3],
        lastSeq: 1,
        lastMessageAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
        lastMessagePreview: "Hello",
        lastMessageAuthor: "visitor" as const,
      })),
    );
    // Without a message a conversation is not listed.
    await db.insert(chatConversations).values({ visitorId: `${tag}-silent` });
    const listed = (await db.select().from(chatConversations)).filter((row) => row.lastSeq > 0);
    const expected = sortedBy(
      listed,
      [(row) => row.lastMessageAt ?? 0, "desc"],
      [(row) => row.id, "desc"],
    );
    for (const filter of ["all", "active", "closed"] as const) {
      const wanted = expected.filter(
        (row) =>
          filter === "all" ||
          (filter === "active" ? row.status !== "closed" : row.status === filter),
      );
      const walk = await walkKeyset(
        (cursor) => findConversations(db, { filter, pageSize: 5, ...cursor }),
        (row) => row.visitorName ?? "",
      );
      expect(walk.isPreviousOnFirst).toBe(false);
      expect(walk.forward.flat()).toEqual(wanted.map((row) => row.visitorName));
      expect(new Set(walk.forward.flat()).size).toBe(wanted.length);
      expect(walk.backward).toEqual(walk.forward);
      expect(walk.first).toMatchObject({ total: wanted.length, totalIsEstimate: false });
      const second = await findConversations(db, { filter, pageSize: 5, page: 2 });
      expect(second.rows.map((row) => row.visitorName)).toEqual(walk.forward[1]);
    }
    const all = await walkKeyset(
      (cursor) => findConversations(db, { filter: "all", pageSize: 5, ...cursor }),
      (row) => row.id,
    );
    expect(all.forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
  });
  it("reads the conversations not closed, newest first, from their own index", async () => {
    // Thousands closed and a few open: the default list must not read the closed ones
    // (decision 823). The plan is the list's own: its filter, order and limit.
    const plan = await get().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`
        explain select c.id from chat_conversations c
        where c.last_seq > 0 and c.status <> 'closed'
        order by c.last_message_at desc, c.id desc limit 31`);
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("chat_conversations_active_last_id_idx");
    expect(plan).not.toMatch(/Sort/);
  });
});
