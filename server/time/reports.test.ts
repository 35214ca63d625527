import { expect, it } from "vitest";
import { sendInvoice } from "#server/invoices/sending.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { portalEnv } from "#tests/helpers/portal.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { createInvoiceFromTime } from "./billing";
import { createTimeEntry } from "./entries";
import { saveStaffRates, setManagedClients } from "./profiles";
import {
  getHoursReport,
  getProfitability,
  getUtilisation,
  hoursCsv,
  profitabilityCsv,
} from "./reports";

const entry = (projectId: string, entryDate: string, minutes: number, isBillable = true) => ({
  projectId,
  milestoneId: null,
  entryDate,
  minutes,
  note: "Work",
  isBillable,
});

describeEachDatabase("time reports", (get) => {
  it("sums hours by person, project and client for what each viewer may see, with utilisation, profitability and CSV", async () => {
    const { db } = get();
    const admin = await makePerson(db, "admin", "Ada Admin");
    const ada = await makePerson(db, "clientManager", "Ada Lovelace");
    const bob = await makePerson(db, "clientManager", "Bob Builder");
    const { client, project } = await makeProject(db, {
      name: "Engine",
      company: "Analytical Ltd",
    });
    const { project: other } = await makeProject(db, { name: "Loom", company: "Jacquard SA" });
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 20_000,
      costRate: 8_000,
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-04-01", 180) });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-04-02", 60, false) });
    await createTimeEntry({ db, viewer: bob, input: entry(other.id, "2026-04-02", 120) });
    // Outside the period.
    await createTimeEntry({ db, viewer: bob, input: entry(other.id, "2026-05-02", 600) });
    const period = { from: "2026-04-01", to: "2026-04-30" };

    const byPerson = await getHoursReport({ db, viewer: admin, period, groupBy: "person" });
    expect(
      byPerson.map(({ label, minutes, billableMinutes }) => ({ label, minutes, billableMinutes })),
    ).toEqual([
      { label: "Ada Lovelace", minutes: 240, billableMinutes: 180 },
      { label: "Bob Builder", minutes: 120, billableMinutes: 120 },
    ]);
    expect(
      (await getHoursReport({ db, viewer: admin, period, groupBy: "client" })).map(
        (row) => row.label,
      ),
    ).toEqual(["Analytical Ltd", "Jacquard SA"]);
    // Bob sees his own time, and Ada's once he looks after her client.
    expect(
      (await getHoursReport({ db, viewer: bob, period, groupBy: "project" })).map(
        (row) => row.label,
      ),
    ).toEqual(["Loom (Jacquard SA)"]);
    await setManagedClients({ db, actor: staff, userId: bob.id, clientIds: [client.id] });
    expect(
      (await getHoursReport({ db, viewer: bob, period, groupBy: "project" })).map(
        (row) => row.label,
      ),
    ).toEqual(["Engine (Analytical Ltd)", "Loom (Jacquard SA)"]);
    expect(
      (await getUtilisation({ db, viewer: admin, period })).find(
        (row) => row.label === "Ada Lovelace",
      )?.billableShare,
    ).toBe(75);

    const { invoice } = await createInvoiceFromTime({
      db,
      viewer: admin,
      input: { projectId: project.id, from: "2026-04-01", to: "2026-04-30", groupBy: "person" },
      today: "2026-04-30",
    });
    // Drafts are not income yet.
    expect(
      (await getProfitability({ db, period, groupBy: "project" })).find((row) =>
        row.label.startsWith("Engine"),
      )?.invoiced,
    ).toBe(0);
    await sendInvoice({ db, env: portalEnv, actor: staff, id: invoice.id });
    const profit = await getProfitability({ db, period, groupBy: "project" });
    expect(profit.find((row) => row.label.startsWith("Engine"))).toMatchObject({
      currency: "USD",
      invoiced: 60_000,
      // Four hours at $80, the unbillable one too.
      cost: 32_000,
      margin: 28_000,
      minutes: 240,
      uncostedMinutes: 0,
      proposalTotal: null,
    });
    expect(profit.find((row) => row.label.startsWith("Loom"))).toMatchObject({
      invoiced: 0,
      cost: 0,
      uncostedMinutes: 120,
    });
    const byClient = await getProfitability({ db, period, groupBy: "client" });
    expect(byClient.find((row) => row.label === "Analytical Ltd")?.margin).toBe(28_000);

    expect(hoursCsv(byPerson, "person", period).split("\r\n")).toEqual([
      "person,from,to,hours,billable hours,billable share %",
      "Ada Lovelace,2026-04-01,2026-04-30,4,3,75",
      "Bob Builder,2026-04-01,2026-04-30,2,2,100",
      "",
    ]);
    expect(profitabilityCsv(profit, "project", period)).toContain(
      "Engine (Analytical Ltd),2026-04-01,2026-04-30,USD,600.00,320.00,280.00,,4,0",
    );
  });
});
