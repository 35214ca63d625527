import { expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findAuditEvents, listAuditAreas, recordAudit } from "./audit";

describeEachDatabase("audit log", (get) => {
  it("keeps who did what where, newest first, filtered by person and area", async () => {
    const { db } = get();
    await recordAudit(db, { actorId: "u1", action: "create", area: "clients", recordId: "c1" });
    await recordAudit(db, {
      actorId: "u2",
      action: "update",
      area: "invoices",
      recordId: "i1",
      detail: { status: "sent" },
      address: "10.0.0.1",
    });
    await recordAudit(db, { actorId: "u1", action: "delete", area: "invoices", recordId: "i2" });

    const all = await findAuditEvents(db);
    expect(all.total).toBe(3);
    expect(all.rows[0].action).toBe("delete");

    const byPerson = await findAuditEvents(db, { actorId: "u1" });
    expect(byPerson.rows.map((row) => row.recordId).sort()).toEqual(["c1", "i2"]);

    const byBoth = await findAuditEvents(db, { actorId: "u2", area: "invoices" });
    expect(byBoth.rows).toHaveLength(1);
    expect(byBoth.rows[0]).toMatchObject({ detail: { status: "sent" }, address: "10.0.0.1" });

    expect(await listAuditAreas(db)).toEqual(["clients", "invoices"]);
  });

  it("lists events recorded in the same instant in the order they happened", async () => {
    const { db } = get();
    const at = new Date("2026-03-04T05:06:07.000Z");
    const actions = ["first", "second", "third", "fourth", "fifth"];
    for (const action of actions)
      await db.insert(auditEvents).values({ action, area: "same-instant", createdAt: at });
    const { rows } = await findAuditEvents(db, { area: "same-instant" });
    expect(rows.map((row) => row.action)).toEqual([...actions].reverse());
  });

  it("pages by keyset through events of one instant, none lost or repeated", async () => {
    const { db } = get();
    // 23 events on 3 instants: ties broken by insertion order (seq), as the list shows them.
    for (let index = 0; index < 23; index++)
      await db.insert(auditEvents).values({
        action: `event-${index}`,
        area: "keyset-walk",
        createdAt: new Date(Date.UTC(2026, 2, 4, 5, 6, index % 3)),
      });
    const { rows: all } = await findAuditEvents(db, { area: "keyset-walk", pageSize: 100 });
    expect(all).toHaveLength(23);
    const forward: string[][] = [];
    let page = await findAuditEvents(db, { area: "keyset-walk", pageSize: 5 });
    forward.push(page.rows.map((row) => row.action));
    expect(page.previousCursor).toBeUndefined();
    while (page.nextCursor) {
      page = await findAuditEvents(db, {
        area: "keyset-walk",
        pageSize: 5,
        after: page.nextCursor,
      });
      forward.push(page.rows.map((row) => row.action));
    }
    expect(forward.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 3]);
    expect(forward.flat()).toEqual(all.map((row) => row.action));
    const backward: string[][] = [forward.at(-1) ?? []];
    while (page.previousCursor) {
      page = await findAuditEvents(db, {
        area: "keyset-walk",
        pageSize: 5,
        before: page.previousCursor,
      });
      backward.unshift(page.rows.map((row) => row.action));
    }
    expect(backward).toEqual(forward);
    expect(page.total).toBe(23);
    expect(page.totalIsEstimate).toBe(false);
  });
});
