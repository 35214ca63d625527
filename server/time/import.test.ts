import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { timeEntries } from "#server/db/schema/time.ts";
import { projectRoot } from "#server/paths.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { commitTimeImport, detectFormat, previewTimeImport, uploadTimeImport } from "./import";

const fixture = (name: string) =>
  readFileSync(path.join(projectRoot, "tests/fixtures/time", name), "utf8");

describeEachDatabase("time import", (get) => {
  let shared: Awaited<ReturnType<typeof makeWorld>> | undefined;
  const setUp = async () => {
    shared ??= await makeWorld();
    return shared;
  };
  async function makeWorld() {
    const { db } = get();
    const admin = await makePerson(db, "admin");
    const grace = await makePerson(db, "clientManager", "Grace Hopper", "grace@frontier.test");
    const alan = await makePerson(db, "clientManager", "Alan Turing", "alan@frontier.test");
    const { project: fleet } = await makeProject(db, {
      name: "Fleet Portal",
      company: "Northwind Traders",
    });
    const { project: warehouse } = await makeProject(db, {
      name: "Warehouse App",
      company: "Northwind Traders",
    });
    const { project: intranet } = await makeProject(db, {
      name: "Globex intranet",
      company: "Globex",
    });
    return { db, admin, grace, alan, fleet, warehouse, intranet };
  }

  it("tells the three formats by their header rows", () => {
    const header = (name: string) => fixture(name).split("\n")[0].split(",");
    expect(detectFormat(header("harvest.csv"))).toBe("harvest");
    expect(detectFormat(header("toggl.csv"))).toBe("toggl");
    expect(detectFormat(header("clockify.csv"))).toBe("clockify");
    expect(detectFormat(["Name", "Email"])).toBeUndefined();
  });

  it("imports the three formats with a preview of every row, says why each refused row is refused, and adds nothing the second time", async () => {
    const { db, admin, grace, alan, fleet, warehouse, intranet } = await setUp();

    const harvest = await uploadTimeImport({
      db,
      viewer: admin,
      filename: "harvest.csv",
      csv: fixture("harvest.csv"),
    });
    const harvestPreview = await previewTimeImport({ db, viewer: admin, id: harvest });
    expect(harvestPreview.format).toBe("harvest");
    expect(harvestPreview.columns).toContainEqual({
      field: "Person",
      columns: ["First Name", "Last Name"],
    });
    expect(harvestPreview.counts).toEqual({ new: 5, duplicate: 0, refused: 1 });
    expect(harvestPreview.rows.find((row) => row.status === "refused")).toMatchObject({
      line: 7,
      reason: "The duration is missing or not a number of hours.",
    });
    expect(await commitTimeImport({ db, viewer: admin, id: harvest })).toEqual({
      added: 5,
      refused: 1,
    });
    const graceRows = await db.select().from(timeEntries).where(eq(timeEntries.userId, grace.id));
    expect(
      graceRows
        .map(({ projectId, entryDate, minutes, isBillable, note }) => ({
          projectId,
          entryDate,
          minutes,
          isBillable,
          note,
        }))
        .sort((a, b) => a.entryDate.localeCompare(b.entryDate) || a.minutes - b.minutes),
    ).toEqual([
      {
        projectId: fleet.id,
        entryDate: "2026-03-02",
        minutes: 150,
        isBillable: true,
        note: 'Design: Wireframes for the "depot" screens',
      },
      {
        projectId: fleet.id,
        entryDate: "2026-03-03",
        minutes: 75,
        isBillable: false,
        note: "Development: API review",
      },
      {
        projectId: fleet.id,
        entryDate: "2026-03-03",
        minutes: 75,
        isBillable: false,
        note: "Development: API review",
      },
      {
        projectId: warehouse.id,
        entryDate: "2026-03-04",
        minutes: 180,
        isBillable: true,
        note: "Development: Scanner spike",
      },
    ]);
    expect(
      await db.select().from(timeEntries).where(eq(timeEntries.userId, alan.id)),
    ).toMatchObject([{ minutes: 30, projectId: fleet.id }]);

    const toggl = await uploadTimeImport({
      db,
      viewer: admin,
      filename: "toggl.csv",
      csv: fixture("toggl.csv"),
    });
    const togglPreview = await previewTimeImport({ db, viewer: admin, id: toggl });
    expect(togglPreview.counts).toEqual({ new: 3, duplicate: 0, refused: 2 });
    expect(
      togglPreview.rows.filter((row) => row.status === "refused").map((row) => row.reason),
    ).toEqual([
      "No project is named Intranet: choose one below.",
      "No staff member has the address edsger@elsewhere.test.",
    ]);
    expect(togglPreview.sourceProjects).toContainEqual({ key: "Globex / Intranet", projectId: "" });
    const projectMap = { "Globex / Intranet": intranet.id };
    expect((await previewTimeImport({ db, viewer: admin, id: toggl, projectMap })).counts).toEqual({
      new: 4,
      duplicate: 0,
      refused: 1,
    });
    expect(await commitTimeImport({ db, viewer: admin, id: toggl, projectMap })).toEqual({
      added: 4,
      refused: 1,
    });
    const night = (
      await db.select().from(timeEntries).where(eq(timeEntries.note, "Night deploy"))
    )[0];
    expect(night).toMatchObject({ entryDate: "2026-03-11", minutes: 45, source: "import" });
    expect(night.startedAt?.toISOString()).toBe("2026-03-11T23:30:00.000Z");

    const clockify = await uploadTimeImport({
      db,
      viewer: admin,
      filename: "clockify.csv",
      csv: fixture("clockify.csv"),
    });
    const clockifyPreview = await previewTimeImport({ db, viewer: admin, id: clockify });
    expect(clockifyPreview.counts).toEqual({ new: 3, duplicate: 0, refused: 1 });
    expect(clockifyPreview.rows.find((row) => row.status === "refused")?.reason).toBe(
      "The day is missing or not a date.",
    );
    expect(await commitTimeImport({ db, viewer: admin, id: clockify })).toEqual({
      added: 3,
      refused: 1,
    });
    const route = (
      await db.select().from(timeEntries).where(eq(timeEntries.note, "Development: Route planner"))
    )[0];
    expect(route).toMatchObject({ entryDate: "2026-03-16", minutes: 135, isBillable: true });
    expect(
      (await db.select().from(timeEntries).where(eq(timeEntries.note, "Lunch talk")))[0],
    ).toMatchObject({ minutes: 20, isBillable: false });

    const before = (await db.select().from(timeEntries)).length;
    expect(before).toBe(12);
    for (const name of ["harvest.csv", "toggl.csv", "clockify.csv"]) {
      const again = await uploadTimeImport({
        db,
        viewer: admin,
        filename: name,
        csv: fixture(name),
      });
      const preview = await previewTimeImport({ db, viewer: admin, id: again, projectMap });
      expect(preview.counts.new).toBe(0);
      expect(
        preview.rows
          .filter((row) => row.status === "duplicate")
          .every((row) => row.reason === "Imported before: skipped."),
      ).toBe(true);
      expect((await commitTimeImport({ db, viewer: admin, id: again, projectMap })).added).toBe(0);
    }
    expect((await db.select().from(timeEntries)).length).toBe(before);
  });

  it("lets staff import only their own time, and refuses files it cannot read", async () => {
    const { db, grace } = await setUp();
    const imported = (await db.select().from(timeEntries)).length;
    const id = await uploadTimeImport({
      db,
      viewer: grace,
      filename: "clockify.csv",
      csv: fixture("clockify.csv"),
    });
    const preview = await previewTimeImport({ db, viewer: grace, id });
    expect(preview.rows.find((row) => row.person === "Alan Turing")?.reason).toBe(
      "This is someone else's time: only admins import other people's time.",
    );
    await expect(
      uploadTimeImport({
        db,
        viewer: grace,
        filename: "people.csv",
        csv: "Name,Email\nAda,ada@example.com\n",
      }),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: expect.stringContaining("Harvest, Toggl Track or Clockify"),
    });
    const other = await makePerson(db);
    await expect(previewTimeImport({ db, viewer: other, id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db.select().from(timeEntries)).length).toBe(imported);
  });
});
