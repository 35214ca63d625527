import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { invoiceItems, invoices } from "#server/db/schema/invoices.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { reissueInvoice, voidInvoice } from "#server/invoices/voiding.ts";
import { createRetainer } from "#server/retainers/retainers.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import {
  buildTimeLines,
  createInvoiceFromTime,
  getUnbilledValue,
  previewTimeInvoice,
} from "./billing";
import { saveProjectTimeSettings } from "./budgets";
import { createTimeEntry, updateTimeEntry } from "./entries";
import { saveStaffRates } from "./profiles";
import { saveProjectRate } from "./rates";

const entry = (projectId: string, entryDate: string, minutes: number, extra = {}) => ({
  projectId,
  milestoneId: null,
  entryDate,
  minutes,
  note: "Work",
  isBillable: true,
  ...extra,
});

const settings = (roundingMinutes: number) => ({
  roundingMinutes,
  budgetMinutes: null,
  retainerIncludedMinutes: null,
  isShownInPortal: false,
});

describeEachDatabase("invoices from hours", (get, kind) => {
  it("rounds each entry up to the project's step on the invoice, never what was logged", () => {
    const entries = [7, 7, 16, 31].map((minutes, index) => ({
      id: String(index),
      userId: "ada",
      userName: "Ada",
      milestoneId: null,
      milestoneTitle: null,
      entryDate: "2026-03-02",
      minutes,
    }));
    const lines = (step: number) =>
      buildTimeLines(entries, {
        groupBy: "person",
        roundingMinutes: step,
        rateOf: () => 12_000,
        currency: "USD",
      });
    expect(lines(0)[0]).toMatchObject({ minutes: 61, quantity: 102, amount: 12_240 });
    expect(lines(6)[0]).toMatchObject({
      minutes: 12 + 12 + 18 + 36,
      quantity: 130,
      amount: 15_600,
    });
    expect(lines(15)[0]).toMatchObject({
      minutes: 15 + 15 + 30 + 45,
      quantity: 175,
      amount: 21_000,
    });
    expect(lines(30)[0]).toMatchObject({
      minutes: 30 + 30 + 30 + 60,
      quantity: 250,
      amount: 30_000,
    });
  });

  it("makes a draft invoice of a period's unbilled billable hours, grouped as chosen, with rates and overrides", async () => {
    const { db } = get();
    const admin = await makePerson(db, "admin");
    const ada = await makePerson(db, "clientManager", "Ada Lovelace");
    const bob = await makePerson(db, "clientManager", "Bob Builder");
    const { project } = await makeProject(db, { currency: "EUR" });
    await saveProjectTimeSettings({ db, actor: staff, projectId: project.id, input: settings(15) });
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "EUR",
      billingRate: 10_000,
      costRate: 5_000,
    });
    await saveStaffRates({
      db,
      actor: staff,
      userId: bob.id,
      currency: "USD",
      billingRate: 99_900,
      costRate: null,
    });
    const milestones = await db.query.projectMilestones.findMany({
      where: (m, { eq }) => eq(m.projectId, project.id),
    });
    const design = milestones.find((m) => m.title === "Design")!;
    await createTimeEntry({
      db,
      viewer: ada,
      input: entry(project.id, "2026-03-02", 50, { milestoneId: design.id }),
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-03", 60) });
    await createTimeEntry({
      db,
      viewer: ada,
      input: entry(project.id, "2026-03-03", 45, { isBillable: false }),
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-10", 60) });
    await createTimeEntry({ db, viewer: bob, input: entry(project.id, "2026-03-04", 20) });
    const input = {
      projectId: project.id,
      from: "2026-03-02",
      to: "2026-03-08",
      groupBy: "person" as const,
    };
    // Bob has no rate in EUR: the preview says so and the invoice waits for it.
    expect((await previewTimeInvoice({ db, input })).missingRates).toEqual(["Bob Builder"]);
    await expect(
      createInvoiceFromTime({ db, viewer: admin, input, today: "2026-03-09" }),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: expect.stringContaining("Bob Builder"),
    });
    await saveProjectRate({
      db,
      actor: staff,
      projectId: project.id,
      userId: bob.id,
      billingRate: 8_000,
    });
    const preview = await previewTimeInvoice({ db, input: { ...input, groupBy: "milestone" } });
    expect(preview.lines.map((line) => line.description)).toEqual([
      "Design",
      "Other work at €80.00/h",
      "Other work at €100.00/h",
    ]);
    const { invoice, entryCount } = await createInvoiceFromTime({
      db,
      viewer: admin,
      input,
      today: "2026-03-09",
    });
    expect(entryCount).toBe(3);
    expect(invoice).toMatchObject({
      status: "draft",
      currency: "EUR",
      projectId: project.id,
      clientId: project.clientId,
    });
    const items = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id));
    // Ada: 50 → 60 and 60 minutes, two hours at €100; Bob: 20 → 30 minutes at his €80 on this project.
    expect(
      items
        .map(({ description, quantity, unitAmount }) => ({ description, quantity, unitAmount }))
        .sort((a, b) => a.description.localeCompare(b.description)),
    ).toEqual([
      { description: "Ada Lovelace", quantity: 200, unitAmount: 10_000 },
      { description: "Bob Builder", quantity: 50, unitAmount: 8_000 },
    ]);
    expect(invoice.total).toBe(24_000);
    // What was logged is left as it was.
    const logged = await db.select().from(timeEntries).where(eq(timeEntries.projectId, project.id));
    expect(logged.map((row) => row.minutes).sort((a, b) => a - b)).toEqual([20, 45, 50, 60, 60]);
    expect(logged.filter((row) => row.invoiceId === invoice.id)).toHaveLength(3);
    // Billed time cannot change, and is not billed again.
    const billed = logged.find((row) => row.invoiceId === invoice.id)!;
    await expect(
      updateTimeEntry({
        db,
        viewer: admin,
        id: billed.id,
        input: entry(project.id, billed.entryDate, 5),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining(invoice.number) });
    await expect(
      createInvoiceFromTime({ db, viewer: admin, input, today: "2026-03-09" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const unbilled = await getUnbilledValue({ db });
    expect(unbilled.find((row) => row.currency === "EUR")).toMatchObject({
      minutes: 60,
      amount: 10_000,
    });
  });

  it("bills an entry once when invoices of overlapping periods are made at the same moment", async () => {
    const { db } = get();
    const admin = await makePerson(db, "admin");
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 15_000,
      costRate: null,
    });
    for (let day = 2; day <= 13; day++)
      await createTimeEntry({
        db,
        viewer: ada,
        input: entry(project.id, `2026-03-${String(day).padStart(2, "0")}`, 60),
      });
    const periods = [
      ["2026-03-01", "2026-03-08"],
      ["2026-03-05", "2026-03-13"],
      ["2026-03-01", "2026-03-31"],
      ["2026-03-07", "2026-03-10"],
    ];
    const results = await Promise.allSettled(
      periods.map(([from, to]) =>
        createInvoiceFromTime({
          db,
          viewer: admin,
          input: { projectId: project.id, from, to, groupBy: "day" },
          today: "2026-03-14",
        }),
      ),
    );
    const made = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    for (const result of results)
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    expect(made.length).toBeGreaterThan(0);
    // Every hour is on exactly one invoice, and the invoices add up to the twelve hours.
    const rows = await db.select().from(timeEntries).where(eq(timeEntries.projectId, project.id));
    expect(rows.every((row) => row.invoiceId)).toBe(true);
    const invoiceRows = await db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          made.map((item) => item.invoice.id),
        ),
      );
    expect(invoiceRows.reduce((sum, row) => sum + row.total, 0)).toBe(12 * 15_000);
    expect(made.reduce((sum, item) => sum + item.entryCount, 0)).toBe(12);
    const items = await db
      .select()
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          made.map((item) => item.invoice.id),
        ),
      );
    expect(items).toHaveLength(12);
    if (kind === "postgres")
      expect(new Set(rows.map((row) => row.invoiceId)).size).toBe(made.length);
  });

  it("frees the entries of a voided invoice, and moves them to a reissued copy", async () => {
    const { db } = get();
    const admin = await makePerson(db, "admin");
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 10_000,
      costRate: null,
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-02", 90) });
    const input = {
      projectId: project.id,
      from: "2026-03-01",
      to: "2026-03-31",
      groupBy: "person" as const,
    };
    const first = await createInvoiceFromTime({ db, viewer: admin, input, today: "2026-04-01" });
    await voidInvoice({ db, actor: staff, id: first.invoice.id, reason: "Wrong period" });
    const [freed] = await db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.projectId, project.id));
    expect(freed.invoiceId).toBeNull();
    const second = await createInvoiceFromTime({ db, viewer: admin, input, today: "2026-04-01" });
    expect(second.invoice.total).toBe(15_000);
    const copy = await reissueInvoice({
      db,
      actor: staff,
      id: second.invoice.id,
      reason: "New address",
      today: "2026-04-02",
    });
    const [moved] = await db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.projectId, project.id));
    expect(moved.invoiceId).toBe(copy.id);
    await expect(
      createInvoiceFromTime({ db, viewer: admin, input, today: "2026-04-02" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("leaves a retainer with included hours to its period's settling", async () => {
    const { db } = get();
    const admin = await makePerson(db, "admin");
    const { project } = await makeProject(db);
    await createRetainer({
      db,
      actor: staff,
      projectId: project.id,
      today: "2026-01-01",
      input: {
        amount: 100_000,
        currency: "USD",
        period: "month",
        startDate: "2026-01-01",
        issueDay: 1,
        paymentTermsDays: 14,
        description: "Support",
      },
    });
    await saveProjectTimeSettings({
      db,
      actor: staff,
      projectId: project.id,
      input: { ...settings(0), retainerIncludedMinutes: 600 },
    });
    await expect(
      previewTimeInvoice({
        db,
        input: { projectId: project.id, from: "2026-01-01", to: "2026-01-31", groupBy: "person" },
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    void admin;
  });
});
