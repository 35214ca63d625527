import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { mailMessages } from "#server/db/schema/mail.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findOutboxMessages } from "./outbox";

describeEachDatabase("outbox by keyset", (get) => {
  it("pages forward and back through mails of one instant, none lost or repeated", async () => {
    const { db } = get();
    const to = `keyset-${randomUUID().slice(0, 8)}@example.com`;
    await db.insert(mailMessages).values(
      Array.from({ length: 23 }, (_, index) => ({
        to,
        from: "studio@frontier.test",
        subject: `Mail ${index}`,
        text: "Hello",
        status: "outbox" as const,
        createdAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
      })),
    );
    const all = await findOutboxMessages(db, { to, offset: 0, pageSize: 100 });
    expect(all.rows).toHaveLength(23);
    const forward: string[][] = [];
    let page = await findOutboxMessages(db, { to, offset: 0, pageSize: 5 });
    forward.push(page.rows.map((row) => row.subject));
    expect(page.previousCursor).toBeUndefined();
    while (page.nextCursor) {
      page = await findOutboxMessages(db, { to, offset: 0, pageSize: 5, after: page.nextCursor });
      forward.push(page.rows.map((row) => row.subject));
    }
    expect(forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
    expect(forward.flat()).toEqual(all.rows.map((row) => row.subject));
    expect(new Set(forward.flat()).size).toBe(23);
    const backward: string[][] = [forward.at(-1) ?? []];
    while (page.previousCursor) {
      page = await findOutboxMessages(db, {
        to,
        offset: 0,
        pageSize: 5,
        before: page.previousCursor,
      });
      backward.unshift(page.rows.map((row) => row.subject));
    }
    expect(backward).toEqual(forward);
    expect(page).toMatchObject({ total: 23, totalIsEstimate: false });
  });
});
