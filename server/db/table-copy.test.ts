import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { recordAudit } from "#server/audit/audit.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { quoteIdentifier, restartSequences } from "./table-copy";

describeEachDatabase("writing whole tables back", (get) => {
  it("moves an identity's sequence past the values rows went in with", async () => {
    const { db } = get();
    const area = `table-copy-${randomBytes(4).toString("hex")}`;
    const [{ top }] = (
      await db.execute(sql`select coalesce(max(seq), 0)::int as top from audit_events`)
    ).rows as Array<{ top: number }>;
    // A row as a restore writes it: its own value, past where the sequence stands.
    const restored = top + 1000;
    await db.execute(sql`
      insert into audit_events (seq, action, area) overriding system value
      values (${restored}, 'restored', ${area})`);
    await restartSequences(db);
    await recordAudit(db, { actorId: "u1", action: "after", area });
    const rows = await db
      .select({ action: auditEvents.action, seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.area, area));
    expect(rows.find((row) => row.action === "after")?.seq).toBe(restored + 1);
  });

  it("quotes a name whatever it holds", () => {
    expect(quoteIdentifier("audit_events")).toBe('"audit_events"');
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });
});
