import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { invoiceItems, invoices } from "#server/db/schema/invoices.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { retainerOverages, timeEntries } from "#server/db/schema/time.ts";
import { issueRetainerInvoices } from "#server/retainers/issuing.ts";
import { createRetainer, pauseRetainer } from "#server/retainers/retainers.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { portalEnv } from "#tests/helpers/portal.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { saveProjectTimeSettings } from "./budgets";
import { createTimeEntry } from "./entries";
import { saveStaffRates } from "./profiles";
import { settleRetainerOverages, splitOverage } from "./retainer-overage";

const entry = (projectId: string, entryDate: string, minutes: number) => ({
  projectId,
  milestoneId: null,
  entryDate,
  minutes,
  note: "Support",
  isBillable: true,
});

describeEachDatabase("retainer overage", (get) => {
  it("covers the first included minutes, oldest first, and splits the entry that crosses the line", () => {
    const split = splitOverage(
      [
        { id: "a", userId: "ada", minutes: 300 },
        { id: "b", userId: "bob", minutes: 200 },
        { id: "c", userId: "ada", minutes: 100 },
      ],
      400,
      0,
    );
    expect(split).toMatchObject({
      loggedMinutes: 600,
      overageMinutes: 200,
      overageEntryIds: ["b", "c"],
    });
    expect(Object.fromEntries(split.overageByUser)).toEqual({ bob: 100, ada: 100 });
  });

  it("bills the hours beyond the included ones once the period has ended, once", async () => {
    const { db } = get();
    const ada = await makePerson(db, "clientManager", "Ada Support");
    const { project } = await makeProject(db);
    const retainer = await createRetainer({
      db,
      actor: staff,
      projectId: project.id,
      today: "2026-01-01",
      input: {
        amount: 200_000,
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
      today: "2026-01-01",
      input: {
        roundingMinutes: 15,
        budgetMinutes: null,
        retainerIncludedMinutes: 10 * 60,
        isShownInPortal: true,
      },
    });
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 12_000,
      costRate: 6_000,
    });
    await issueRetainerInvoices({
      db,
      env: portalEnv,
      today: "2026-01-01",
      retainerId: retainer.id,
    });
    // January: 11h50 logged, 12h billed after rounding each of the two entries up to 15 minutes.
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-01-05", 6 * 60 - 5) });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-01-31", 6 * 60 - 5) });
    // February's time waits for February's end.
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-02-01", 60) });
    expect(await settleRetainerOverages({ db, env: portalEnv, today: "2026-01-31" })).toEqual([]);
    const [january, again] = await Promise.all([
      settleRetainerOverages({ db, env: portalEnv, today: "2026-02-01" }),
      settleRetainerOverages({ db, env: portalEnv, today: "2026-02-01" }),
    ]);
    const settled = [...january, ...again];
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      projectId: project.id,
      periodStart: "2026-01-01",
      overageMinutes: 120,
    });
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, settled[0].invoiceId!));
    expect(invoice).toMatchObject({ status: "draft", total: 24_000, projectId: project.id });
    const items = await db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id));
    expect(items).toMatchObject([
      {
        description: "Hours beyond the 10:00 included in January 2026: Ada Support",
        quantity: 200,
        unitAmount: 12_000,
      },
    ]);
    const rows = await db.select().from(timeEntries).where(eq(timeEntries.projectId, project.id));
    const janRows = rows.filter((row) => row.entryDate < "2026-02-01");
    expect(janRows.every((row) => row.retainerPeriodStart === "2026-01-01")).toBe(true);
    expect(rows.find((row) => row.entryDate === "2026-02-01")?.retainerPeriodStart).toBeNull();
    const [overage] = await db
      .select()
      .from(retainerOverages)
      .where(eq(retainerOverages.projectId, project.id));
    expect(overage).toMatchObject({
      includedMinutes: 600,
      loggedMinutes: 720,
      overageMinutes: 120,
    });
    const notices = await db
      .select()
      .from(mailMessages)
      .where(
        eq(
          mailMessages.subject,
          `Overage of ${project.name} for January 2026: draft ${invoice.number}`,
        ),
      );
    expect(notices).toHaveLength(1);
    // A later run finds January settled.
    expect(await settleRetainerOverages({ db, env: portalEnv, today: "2026-02-15" })).toEqual([]);
  });

  it("settles a period within the included hours without an invoice, and bills all of a paused period", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    const retainer = await createRetainer({
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
      today: "2026-01-01",
      input: {
        roundingMinutes: 0,
        budgetMinutes: null,
        retainerIncludedMinutes: 600,
        isShownInPortal: false,
      },
    });
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 10_000,
      costRate: null,
    });
    await issueRetainerInvoices({
      db,
      env: portalEnv,
      today: "2026-01-01",
      retainerId: retainer.id,
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-01-10", 300) });
    await pauseRetainer({ db, actor: staff, projectId: project.id, today: "2026-01-20" });
    await issueRetainerInvoices({
      db,
      env: portalEnv,
      today: "2026-02-01",
      retainerId: retainer.id,
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-02-10", 90) });
    const settled = await settleRetainerOverages({
      db,
      env: portalEnv,
      today: "2026-03-01",
      projectId: project.id,
    });
    expect(
      settled.map(({ periodStart, overageMinutes, invoiceId }) => ({
        periodStart,
        overageMinutes,
        hasInvoice: Boolean(invoiceId),
      })),
    ).toEqual([
      { periodStart: "2026-01-01", overageMinutes: 0, hasInvoice: false },
      { periodStart: "2026-02-01", overageMinutes: 90, hasInvoice: true },
    ]);
    const [february] = await db
      .select()
      .from(retainerOverages)
      .where(
        and(
          eq(retainerOverages.projectId, project.id),
          eq(retainerOverages.periodStart, "2026-02-01"),
        ),
      );
    expect(february.includedMinutes).toBe(0);
  });
});
