import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { invoices } from "#server/db/schema/invoices.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { createTimeEntry } from "#server/time/entries.ts";
import { saveStaffRates } from "#server/time/profiles.ts";
import {
  postAsStaff,
  STAFF_PASSWORD,
  signInCookie,
  uniqueStaffEmail,
} from "#tests/helpers/auth.ts";
import { staff } from "#tests/helpers/business.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";

/**
 * Invoices from hours made at the same moment, by real requests to two instances on one
 * PostgreSQL, from overlapping periods: every hour is billed once (decision 426).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("invoicing hours in parallel requests", () => {
  let temp: Awaited<ReturnType<typeof createTempPostgresDatabase>>;
  let first: RunningServer;
  let second: RunningServer;
  const admin = { email: uniqueStaffEmail("time-admin"), password: STAFF_PASSWORD };
  let projectId = "";

  beforeAll(async () => {
    temp = await createTempPostgresDatabase();
    const database = await openDatabase({ databaseUrl: temp.url });
    try {
      await createStaffUser({ db: database.db }, { ...admin, name: "Time Admin", role: "admin" });
      const person = await makePerson(database.db);
      const { project } = await makeProject(database.db);
      projectId = project.id;
      await saveStaffRates({
        db: database.db,
        actor: staff,
        userId: person.id,
        currency: "USD",
        billingRate: 10_000,
        costRate: null,
      });
      for (let day = 2; day <= 13; day++)
        await createTimeEntry({
          db: database.db,
          viewer: person,
          input: {
            projectId,
            milestoneId: null,
            entryDate: `2026-03-${String(day).padStart(2, "0")}`,
            minutes: 60,
            note: "",
            isBillable: true,
          },
        });
    } finally {
      await database.close();
    }
    const env = {
      DATABASE_URL: temp.url,
      PUBLIC_URL: "http://127.0.0.1",
      AUTH_SECRET: "a-shared-secret-for-both-instances-0123456789",
    };
    [first, second] = await Promise.all([startServer({ env }), startServer({ env })]);
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await temp?.drop();
  });

  it("bills each entry once when invoices of overlapping periods are asked for at once", async () => {
    const cookie = await signInCookie(first, admin);
    const periods = [
      ["2026-03-01", "2026-03-08"],
      ["2026-03-05", "2026-03-13"],
      ["2026-03-01", "2026-03-31"],
      ["2026-03-07", "2026-03-10"],
      ["2026-03-02", "2026-03-02"],
      ["2026-03-12", "2026-03-20"],
    ];
    const answers = await Promise.all(
      periods.map(([from, to], index) =>
        postAsStaff(index % 2 ? second : first, cookie, "/admin/time/invoice", {
          projectId,
          from,
          to,
          groupBy: "day",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 302 || status === 409),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((status) => status === 302).length).toBeGreaterThan(0);

    const database = await openDatabase({ databaseUrl: temp.url, migrate: false });
    try {
      const rows = await database.db
        .select()
        .from(timeEntries)
        .where(eq(timeEntries.projectId, projectId));
      expect(rows.every((row) => row.invoiceId)).toBe(true);
      const ids = [...new Set(rows.map((row) => row.invoiceId as string))];
      const made = await database.db.select().from(invoices).where(inArray(invoices.id, ids));
      expect(made.length).toBe(statuses.filter((status) => status === 302).length);
      expect(made.reduce((sum, invoice) => sum + invoice.total, 0)).toBe(12 * 10_000);
    } finally {
      await database.close();
    }
  });
});
