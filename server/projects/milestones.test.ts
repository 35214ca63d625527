import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
import { AppError } from "#server/errors.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { PROJECT_CHANGES_CHANNEL, type ProjectChange, parseProjectChange } from "./changes";
import {
  addMilestone,
  listMilestones,
  moveMilestone,
  removeMilestone,
  setMilestoneDone,
  updateMilestone,
} from "./milestones";
import { createProject, updateProject } from "./projects";

describeEachDatabase("project milestones", (get) => {
  async function project() {
    const { db } = get();
    const client = await makeClient(db);
    return createProject({
      db,
      actor: staff,
      input: {
        name: "Platform",
        clientId: client.id,
        proposalId: null,
        status: "active",
        startDate: null,
        dueDate: null,
        budgetAmount: 0,
        currency: "USD",
        teamMembers: [],
        milestones: [],
      },
    });
  }

  it("adds, renames, completes, reorders and removes milestones one at a time, each audited", async () => {
    const { db } = get();
    const { id: projectId } = await project();
    const design = await addMilestone({
      db,
      actor: staff,
      projectId,
      input: { title: "Design", dueDate: "2026-04-01" },
    });
    const build = await addMilestone({
      db,
      actor: staff,
      projectId,
      input: { title: "Build", dueDate: "" },
    });
    const launch = await addMilestone({
      db,
      actor: staff,
      projectId,
      input: { title: "Launch", dueDate: "2026-06-01" },
    });
    expect((await listMilestones({ db, projectId })).map((item) => item.title)).toEqual([
      "Design",
      "Build",
      "Launch",
    ]);

    await updateMilestone({
      db,
      actor: staff,
      projectId,
      milestoneId: build.id,
      input: { title: "Build it", dueDate: "2026-05-01" },
    });
    const done = await setMilestoneDone({
      db,
      actor: staff,
      projectId,
      milestoneId: design.id,
      isDone: true,
    });
    expect(done.doneAt).toBeInstanceOf(Date);
    // Marking it done again keeps the first date.
    const again = await setMilestoneDone({
      db,
      actor: staff,
      projectId,
      milestoneId: design.id,
      isDone: true,
    });
    expect(again.doneAt?.getTime()).toBe(done.doneAt?.getTime());
    await moveMilestone({ db, actor: staff, projectId, milestoneId: launch.id, direction: "up" });
    await moveMilestone({ db, actor: staff, projectId, milestoneId: design.id, direction: "up" });
    expect(
      (await listMilestones({ db, projectId })).map((item) => [
        item.title,
        item.dueDate,
        item.isDone,
      ]),
    ).toEqual([
      ["Design", "2026-04-01", true],
      ["Launch", "2026-06-01", false],
      ["Build it", "2026-05-01", false],
    ]);
    await setMilestoneDone({ db, actor: staff, projectId, milestoneId: design.id, isDone: false });
    await removeMilestone({ db, actor: staff, projectId, milestoneId: launch.id });
    const left = await listMilestones({ db, projectId });
    expect(left.map((item) => [item.title, item.isDone, item.doneAt])).toEqual([
      ["Design", false, null],
      ["Build it", false, null],
    ]);
    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "projects"), eq(auditEvents.recordId, projectId)));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        "add-milestone",
        "update-milestone",
        "complete-milestone",
        "move-milestone",
        "reopen-milestone",
        "remove-milestone",
      ]),
    );
  });

  it("refuses an empty title, a bad date and another project's milestone with a message", async () => {
    const { db } = get();
    const first = await project();
    const second = await project();
    const theirs = await addMilestone({
      db,
      actor: staff,
      projectId: second.id,
      input: { title: "Theirs", dueDate: "" },
    });
    await expect(
      addMilestone({ db, actor: staff, projectId: first.id, input: { title: " ", dueDate: "" } }),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: "Name the milestone.",
    });
    await expect(
      addMilestone({
        db,
        actor: staff,
        projectId: first.id,
        input: { title: "X", dueDate: "2026-13-01" },
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(
      setMilestoneDone({
        db,
        actor: staff,
        projectId: first.id,
        milestoneId: theirs.id,
        isDone: true,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      removeMilestone({ db, actor: staff, projectId: first.id, milestoneId: "not-an-id" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("announces each committed change on the project channel with the client's id", async () => {
    const database = get();
    const { db } = database;
    const created = await project();
    const heard: ProjectChange[] = [];
    const stop = await database.listen(PROJECT_CHANGES_CHANNEL, (payload) => {
      const change = parseProjectChange(payload);
      if (change?.projectId === created.id) heard.push(change);
    });
    try {
      const milestone = await addMilestone({
        db,
        actor: staff,
        projectId: created.id,
        input: { title: "Kick-off", dueDate: "" },
      });
      await setMilestoneDone({
        db,
        actor: staff,
        projectId: created.id,
        milestoneId: milestone.id,
        isDone: true,
      });
      // A refused change announces nothing.
      await addMilestone({
        db,
        actor: staff,
        projectId: created.id,
        input: { title: "", dueDate: "" },
      }).catch(() => {});
      await expect.poll(() => heard.length).toBe(2);
      expect(heard[0]).toEqual({
        clientId: created.clientId,
        projectId: created.id,
        what: "milestones",
      });
    } finally {
      await stop();
    }
  });

  it("saving the project form without milestones leaves them as they are", async () => {
    const { db } = get();
    const created = await project();
    await addMilestone({
      db,
      actor: staff,
      projectId: created.id,
      input: { title: "Kick-off", dueDate: "" },
    });
    const { milestones: _milestones, ...input } = {
      name: "Platform v2",
      clientId: created.clientId,
      proposalId: null,
      status: "active" as const,
      startDate: null,
      dueDate: null,
      budgetAmount: 0,
      currency: "USD",
      teamMembers: [],
      milestones: [],
    };
    await updateProject({ db, actor: staff, id: created.id, input });
    expect((await listMilestones({ db, projectId: created.id })).map((item) => item.title)).toEqual(
      ["Kick-off"],
    );
  });
});
