import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { approveWeek, reopenWeek } from "./approval";
import {
  createTimeEntry,
  deleteTimeEntry,
  findTimeEntries,
  getTimeEntry,
  updateTimeEntry,
} from "./entries";
import { saveTimeProfile, setManagedClients } from "./profiles";
import { TIME_AUDIT_AREA } from "./records";
import { getRunningTimer, startTimer, stopTimer } from "./timer";
import { copyLastWeek, getTimesheet, setTimesheetCell } from "./timesheet";
import { zonedInstant } from "./zones";

const entry = (projectId: string, entryDate: string, minutes: number) => ({
  projectId,
  milestoneId: null,
  entryDate,
  minutes,
  note: "Work",
  isBillable: true,
});

describeEachDatabase("time entries", (get) => {
  it("runs one timer per person on the server: a second start stops the first, and stopping logs it", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    const { project: other } = await makeProject(db);
    const start = new Date("2026-03-02T09:00:00Z");
    await startTimer({
      db,
      viewer: ada,
      now: start,
      input: { projectId: project.id, milestoneId: null, note: "Kick-off", isBillable: true },
    });
    // Seen from anywhere: the timer lives in the database, not in a tab.
    expect((await getRunningTimer(db, ada.id))?.projectId).toBe(project.id);
    await startTimer({
      db,
      viewer: ada,
      now: new Date("2026-03-02T09:45:00Z"),
      input: { projectId: other.id, milestoneId: null, note: "", isBillable: false },
    });
    const running = await getRunningTimer(db, ada.id);
    expect(running?.projectId).toBe(other.id);
    const first = await db.select().from(timeEntries).where(eq(timeEntries.projectId, project.id));
    expect(first).toMatchObject([
      { minutes: 45, note: "Kick-off", source: "timer", entryDate: "2026-03-02" },
    ]);
    const stopped = await stopTimer({ db, viewer: ada, now: new Date("2026-03-02T10:15:00Z") });
    expect(stopped.map((row) => row.minutes)).toEqual([30]);
    expect(await getRunningTimer(db, ada.id)).toBeNull();
    await expect(stopTimer({ db, viewer: ada })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("cuts an entry across midnight in the person's time zone into one per day", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    await saveTimeProfile({ db, actor: staff, userId: ada.id, timeZone: "Asia/Tokyo" });
    const { project } = await makeProject(db);
    // 23:30 on Sunday 8 March in Tokyo is 14:30 UTC: a UTC day would put it all on the 8th.
    const start = zonedInstant("2026-03-08", "23:30", "Asia/Tokyo");
    expect(start.toISOString()).toBe("2026-03-08T14:30:00.000Z");
    await startTimer({
      db,
      viewer: ada,
      now: start,
      input: { projectId: project.id, milestoneId: null, note: "Release", isBillable: true },
    });
    const pieces = await stopTimer({
      db,
      viewer: ada,
      now: zonedInstant("2026-03-09", "01:15", "Asia/Tokyo"),
    });
    expect(pieces.map(({ entryDate, minutes }) => ({ entryDate, minutes }))).toEqual([
      { entryDate: "2026-03-08", minutes: 30 },
      { entryDate: "2026-03-09", minutes: 75 },
    ]);
    expect(pieces[0].endedAt?.toISOString()).toBe("2026-03-08T15:00:00.000Z");
    // The two days fall in two weeks of her timesheet (weeks start on Monday the 9th).
    const sunday = await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-02" });
    const monday = await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-09" });
    expect(sunday.minutes).toBe(30);
    expect(sunday.rows[0].cells[6]).toMatchObject({ date: "2026-03-08", minutes: 30 });
    expect(monday.minutes).toBe(75);
    expect(monday.rows[0].cells[0]).toMatchObject({ date: "2026-03-09", minutes: 75 });
  });

  it("locks an approved week for its author; admins still change it, audited; reopening unlocks", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const admin = await makePerson(db, "admin");
    const { project } = await makeProject(db);
    const logged = await createTimeEntry({
      db,
      viewer: ada,
      input: entry(project.id, "2026-03-03", 120),
    });
    await expect(
      approveWeek({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-02" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await approveWeek({ db, viewer: admin, userId: ada.id, weekStart: "2026-03-02" });
    await expect(
      approveWeek({ db, viewer: admin, userId: ada.id, weekStart: "2026-03-02" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      updateTimeEntry({
        db,
        viewer: ada,
        id: logged.id,
        input: entry(project.id, "2026-03-03", 60),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("approved") });
    await expect(deleteTimeEntry({ db, viewer: ada, id: logged.id })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-06", 30) }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      setTimesheetCell({
        db,
        viewer: ada,
        userId: ada.id,
        projectId: project.id,
        entryDate: "2026-03-03",
        minutes: 30,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(
      (await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-02" })).isLocked,
    ).toBe(true);
    // The next week is open.
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-09", 30) });

    await updateTimeEntry({
      db,
      viewer: admin,
      id: logged.id,
      input: entry(project.id, "2026-03-03", 90),
    });
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, TIME_AUDIT_AREA), eq(auditEvents.recordId, logged.id)));
    expect(audit).toMatchObject([
      {
        action: "update",
        actorId: admin.id,
        detail: { userId: ada.id, before: { minutes: 120 }, after: { minutes: 90 } },
      },
    ]);
    await reopenWeek({ db, viewer: admin, userId: ada.id, weekStart: "2026-03-02" });
    await updateTimeEntry({
      db,
      viewer: ada,
      id: logged.id,
      input: entry(project.id, "2026-03-03", 60),
    });
    const approvals = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.area, TIME_AUDIT_AREA), eq(auditEvents.recordId, ada.id)));
    expect(approvals.map((row) => row.action).sort()).toEqual(["approve", "reopen"]);
  });

  it("shows staff their own time, admins everyone's, client managers their clients' projects", async () => {
    const { db } = get();
    const ada = await makePerson(db, "clientManager", "Ada Own");
    const bob = await makePerson(db, "clientManager", "Bob Manager");
    const admin = await makePerson(db, "admin");
    const { client, project } = await makeProject(db);
    const { project: elsewhere } = await makeProject(db);
    const onManaged = await createTimeEntry({
      db,
      viewer: ada,
      input: entry(project.id, "2026-03-03", 60),
    });
    const onOther = await createTimeEntry({
      db,
      viewer: ada,
      input: entry(elsewhere.id, "2026-03-03", 30),
    });
    const own = await createTimeEntry({
      db,
      viewer: bob,
      input: entry(elsewhere.id, "2026-03-04", 15),
    });
    const idsFor = async (viewer: typeof ada, userId?: string) =>
      (await findTimeEntries({ db, viewer, filter: { userId } })).rows.map((row) => row.id).sort();
    expect(await idsFor(ada, ada.id)).toEqual([onManaged.id, onOther.id].sort());
    expect(await idsFor(bob, ada.id)).toEqual([]);
    await setManagedClients({ db, actor: staff, userId: bob.id, clientIds: [client.id] });
    expect(await idsFor(bob, ada.id)).toEqual([onManaged.id]);
    expect(await idsFor(bob)).toEqual([onManaged.id, own.id].sort());
    expect(await idsFor(admin, ada.id)).toEqual([onManaged.id, onOther.id].sort());
    expect(await getTimeEntry({ db, viewer: bob, id: onOther.id })).toBeUndefined();
    // Seeing is not changing: a client manager changes only their own time.
    await expect(
      updateTimeEntry({
        db,
        viewer: bob,
        id: onManaged.id,
        input: entry(project.id, "2026-03-03", 5),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      updateTimeEntry({
        db,
        viewer: bob,
        id: onOther.id,
        input: entry(project.id, "2026-03-03", 5),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      createTimeEntry({
        db,
        viewer: bob,
        userId: ada.id,
        input: entry(project.id, "2026-03-03", 5),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      getTimesheet({ db, viewer: bob, userId: ada.id, weekStart: "2026-03-02" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    // An admin logs and changes anyone's time, audited.
    await createTimeEntry({
      db,
      viewer: admin,
      userId: ada.id,
      input: entry(project.id, "2026-03-05", 10),
    });
  });

  it("writes the timesheet's cells and copies last week's rows", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    const { project: second } = await makeProject(db);
    await setTimesheetCell({
      db,
      viewer: ada,
      userId: ada.id,
      projectId: project.id,
      entryDate: "2026-03-02",
      minutes: 90,
    });
    await setTimesheetCell({
      db,
      viewer: ada,
      userId: ada.id,
      projectId: project.id,
      entryDate: "2026-03-02",
      minutes: 120,
    });
    await setTimesheetCell({
      db,
      viewer: ada,
      userId: ada.id,
      projectId: second.id,
      entryDate: "2026-03-04",
      minutes: 30,
    });
    let week = await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-02" });
    expect(week.minutes).toBe(150);
    expect(week.rows.find((row) => row.projectId === project.id)?.cells[0]).toMatchObject({
      minutes: 120,
      entryCount: 1,
      isEditable: true,
    });
    await setTimesheetCell({
      db,
      viewer: ada,
      userId: ada.id,
      projectId: second.id,
      entryDate: "2026-03-04",
      minutes: 0,
    });
    week = await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-02" });
    expect(week.minutes).toBe(120);
    // A cell of two entries is changed in the list, not in the grid.
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-02", 15) });
    await expect(
      setTimesheetCell({
        db,
        viewer: ada,
        userId: ada.id,
        projectId: project.id,
        entryDate: "2026-03-02",
        minutes: 60,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await copyLastWeek({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-09" })).toBe(
      1,
    );
    const next = await getTimesheet({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-09" });
    expect(next.rows.map((row) => [row.projectId, row.minutes])).toEqual([[project.id, 0]]);
    expect(await copyLastWeek({ db, viewer: ada, userId: ada.id, weekStart: "2026-03-09" })).toBe(
      0,
    );
  });

  it("refuses durations that are not time, and projects that are cancelled", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const { project } = await makeProject(db);
    await expect(
      createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-02", 0) }),
    ).rejects.toMatchObject({ code: "INVALID", fieldErrors: { duration: [expect.any(String)] } });
    await expect(
      createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-02", 24 * 60 + 1) }),
    ).rejects.toMatchObject({ code: "INVALID" });
    await expect(
      createTimeEntry({
        db,
        viewer: ada,
        input: {
          ...entry(project.id, "2026-03-02", 30),
          milestoneId: "00000000-0000-4000-8000-000000000000",
        },
      }),
    ).rejects.toMatchObject({
      code: "INVALID",
      fieldErrors: { milestoneId: [expect.any(String)] },
    });
  });
});
