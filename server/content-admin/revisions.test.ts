import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { contentRevisions } from "#server/db/schema/revisions.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { findRevisions, recordRevision } from "./revisions";

const actor = { id: "u1", name: "Ada" };

describeEachDatabase("content revisions", (get) => {
  it("lists versions saved in the same instant newest first", async () => {
    const { db } = get();
    const recordId = randomUUID();
    const at = new Date("2026-05-06T07:08:09.000Z");
    for (const reason of ["save", "publish", "restore"])
      await db.insert(contentRevisions).values({
        area: "insight",
        recordId,
        snapshot: { title: reason },
        reason,
        createdAt: at,
      });
    const rows = await findRevisions(db, { area: "insight", recordId });
    expect(rows.map((row) => row.reason)).toEqual(["restore", "publish", "save"]);
  });

  it("keeps one autosave after the last save, however fast they come", async () => {
    const { db } = get();
    const recordId = randomUUID();
    await recordRevision(db, {
      area: "insight",
      recordId,
      snapshot: { n: 0 },
      reason: "save",
      actor,
    });
    for (let n = 1; n <= 5; n++)
      await recordRevision(db, {
        area: "insight",
        recordId,
        snapshot: { n },
        reason: "autosave",
        actor,
      });
    const rows = await findRevisions(db, { area: "insight", recordId });
    expect(rows.map((row) => row.reason)).toEqual(["autosave", "save"]);
  });
});
