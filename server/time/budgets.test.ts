import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { updateProject } from "#server/projects/projects.ts";
import { createProposal } from "#server/proposals/editing.ts";
import { proposalInput, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { portalEnv } from "#tests/helpers/portal.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import {
  BUDGET_ALERT_JOB,
  getProjectBurn,
  projectFinish,
  saveProjectTimeSettings,
  sendBudgetAlert,
} from "./budgets";
import { createTimeEntry } from "./entries";
import { saveStaffRates } from "./profiles";

const entry = (projectId: string, entryDate: string, minutes: number) => ({
  projectId,
  milestoneId: null,
  entryDate,
  minutes,
  note: "Work",
  isBillable: true,
});

/** Runs the queued budget mails the way the job runner would, and removes them from the queue. */
async function runAlertJobs(db: Db) {
  const queued = await db.select().from(jobs).where(eq(jobs.kind, BUDGET_ALERT_JOB));
  for (const job of queued) {
    await sendBudgetAlert({
      db,
      env: portalEnv,
      projectId: String(job.payload.projectId),
      threshold: Number(job.payload.threshold),
      today: "2026-03-20",
    });
    await db.delete(jobs).where(eq(jobs.id, job.id));
  }
  return queued.length;
}

describeEachDatabase("budgets", (get) => {
  it("projects the finish from the last four weeks' pace", () => {
    expect(projectFinish(600, 28 * 60, "2026-03-01")).toBe("2026-03-11");
    expect(projectFinish(0, 60, "2026-03-01")).toBe("2026-03-01");
    expect(projectFinish(600, 0, "2026-03-01")).toBeNull();
  });

  it("shows the burn against hours and money, and mails staff once at 80% and once at 100%", async () => {
    const { db } = get();
    const ada = await makePerson(db, "clientManager", "Ada Budget");
    const { project } = await makeProject(db, { budgetAmount: 100_000 });
    await saveStaffRates({
      db,
      actor: staff,
      userId: ada.id,
      currency: "USD",
      billingRate: 10_000,
      costRate: null,
    });
    await saveProjectTimeSettings({
      db,
      actor: staff,
      projectId: project.id,
      today: "2026-03-20",
      input: {
        roundingMinutes: 0,
        budgetMinutes: 20 * 60,
        retainerIncludedMinutes: null,
        isShownInPortal: false,
      },
    });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-02", 7 * 60) });
    expect(await getProjectBurn(db, project.id, "2026-03-20")).toMatchObject({
      spentMinutes: 420,
      spentAmount: 70_000,
      budgetAmount: 100_000,
      percentUsed: 70,
      remainingMinutes: 780,
      remainingAmount: 30_000,
      // €700 in the last 28 days leaves €300: 12 more days at that pace.
      projectedFinish: "2026-04-01",
    });
    expect(await runAlertJobs(db)).toBe(0);
    // Two changes crossing 80% at once claim one mail.
    await Promise.all([
      createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-03", 60) }),
      createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-04", 60) }),
    ]);
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-05", 30) });
    expect(await runAlertJobs(db)).toBe(1);
    const subject80 = `${project.name} has used 80% of its budget`;
    const mails80 = await db.select().from(mailMessages).where(eq(mailMessages.subject, subject80));
    // Staff (STAFF_EMAIL) and the person who logged the time.
    expect(mails80.map((mail) => mail.to).sort()).toEqual(
      [ada.email, portalEnv.STAFF_EMAIL].sort(),
    );
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-06", 60) });
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-09", 60) });
    expect(await runAlertJobs(db)).toBe(1);
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-10", 60) });
    expect(await runAlertJobs(db)).toBe(0);
    const all = await db
      .select()
      .from(mailMessages)
      .where(like(mailMessages.subject, `${project.name} has used%`));
    expect(all.map((mail) => mail.subject).sort()).toEqual([
      `${project.name} has used 80% of its budget`,
      `${project.name} has used 80% of its budget`,
      `${project.name} has used its whole budget`,
      `${project.name} has used its whole budget`,
    ]);
    // A new budget is a new promise: it may alert again.
    await updateProject({
      db,
      actor: staff,
      id: project.id,
      input: {
        name: project.name,
        clientId: project.clientId,
        proposalId: null,
        status: "active",
        startDate: null,
        dueDate: null,
        budgetAmount: 1_000_000,
        currency: "USD",
        teamMembers: [],
      },
    });
    await saveProjectTimeSettings({
      db,
      actor: staff,
      projectId: project.id,
      today: "2026-03-20",
      input: {
        roundingMinutes: 0,
        budgetMinutes: 40 * 60,
        retainerIncludedMinutes: null,
        isShownInPortal: false,
      },
    });
    expect(await runAlertJobs(db)).toBe(0);
    await createTimeEntry({ db, viewer: ada, input: entry(project.id, "2026-03-11", 20 * 60) });
    expect(await runAlertJobs(db)).toBe(1);
  });

  it("takes the accepted proposal's total as the money budget when the project has none", async () => {
    const { db } = get();
    const { project, client } = await makeProject(db);
    const proposal = await createProposal({ db, actor: staff, input: proposalInput(client.id) });
    await updateProject({
      db,
      actor: staff,
      id: project.id,
      input: {
        name: project.name,
        clientId: client.id,
        proposalId: proposal.id,
        status: "active",
        startDate: null,
        dueDate: null,
        budgetAmount: 0,
        currency: "USD",
        teamMembers: [],
      },
    });
    const burn = await getProjectBurn(db, project.id, "2026-03-20");
    expect(burn).toMatchObject({
      budgetAmount: proposal.total,
      isBudgetFromProposal: true,
      percentUsed: 0,
      projectedFinish: null,
    });
  });
});
