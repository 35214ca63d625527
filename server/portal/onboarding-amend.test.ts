import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collapsePortalRows, getClientTimeline } from "#server/clients/timeline.ts";
import type { Db } from "#server/db/client.ts";
import { projects } from "#server/db/schema/projects.ts";
import { addOnboardingFile, listOnboardingFiles } from "#server/onboarding/onboarding.ts";
import { createProject } from "#server/projects/projects.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import {
  removePortalOnboardingFile,
  savePortalOnboardingStep,
  submitPortalOnboarding,
  uploadPortalOnboardingFile,
} from "./onboarding";
import { findPortalViewer } from "./session";

const PDF = Buffer.from("%PDF-1.4\n%amend\n");
const address = "203.0.113.8";

async function viewerFor(db: Db, cookie: string) {
  const request = new Request("http://frontier.test/portal", { headers: { Cookie: cookie } });
  return (await findPortalViewer({ db, env: portalEnv, request }))!;
}

async function submittedProject(db: Db) {
  const portal = await makePortalClient(db);
  const viewer = await viewerFor(db, portal.cookie);
  const project = await createProject({
    db,
    actor: staff,
    input: {
      name: `Amend ${Math.random().toString(36).slice(2, 7)}`,
      clientId: portal.client.id,
      proposalId: null,
      status: "onboarding",
      startDate: "2999-01-01",
      dueDate: null,
      budgetAmount: 0,
      currency: "USD",
      teamMembers: [],
      milestones: [],
    },
  });
  const save = (stepId: string, values: Record<string, string>) =>
    savePortalOnboardingStep({
      db,
      viewer,
      projectId: project.id,
      stepId,
      values,
      nextStep: 0,
      address,
    });
  await save("company", { companyName: "Acme" });
  await save("contact", { contactName: "Ada", contactEmail: "ada@example.com" });
  await save("goals", { goals: "Grow" });
  await save("audience", { audience: "Everyone" });
  await submitPortalOnboarding({ db, env: portalEnv, viewer, projectId: project.id, address });
  return { ...portal, viewer, project, save };
}

describeEachDatabase("onboarding after submitting", (get) => {
  it("takes new files in the portal until the project starts, never through the mailed link", async () => {
    const { db } = get();
    const { viewer, project } = await submittedProject(db);
    const upload = (filename: string) =>
      uploadPortalOnboardingFile({
        db,
        env: portalEnv,
        viewer,
        projectId: project.id,
        filename,
        bytes: PDF,
        address,
      });
    const added = await upload("brand-book.pdf");
    expect((await listOnboardingFiles({ db, projectId: project.id })).map((f) => f.id)).toEqual([
      added.id,
    ]);
    // Adding is not removing: a submitted file stays with the team.
    await expect(
      removePortalOnboardingFile({
        db,
        env: portalEnv,
        viewer,
        projectId: project.id,
        fileId: added.id,
        address,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      addOnboardingFile({
        db,
        env: portalEnv,
        onboardingId: project.onboardingId,
        filename: "mailed.pdf",
        bytes: PDF,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    await db.update(projects).set({ startDate: "2020-01-01" }).where(eq(projects.id, project.id));
    await expect(upload("late.pdf")).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("The project has started"),
    });
    expect(await listOnboardingFiles({ db, projectId: project.id })).toHaveLength(1);
  });

  it("shows a burst of saves by one contact as one timeline entry", async () => {
    const { db } = get();
    const { client, project, save } = await submittedProject(db);
    for (const goals of ["Grow", "Grow faster", "Grow fastest"]) await save("goals", { goals });
    const timeline = await getClientTimeline({ db, clientId: client.id });
    const saves = timeline.filter((event) => event.title.includes("of the onboarding for"));
    // Four saves before submitting, then the submission, then three amendments: two runs.
    expect(saves.map((event) => event.title)).toEqual([
      expect.stringMatching(
        /saved "Goals" of the onboarding for .+ \(after submitting\) \(and 2 more saves since \d\d:\d\d UTC\)$/,
      ),
      expect.stringMatching(
        /saved "Target audience" of the onboarding for .+ \(and 3 more saves since \d\d:\d\d UTC\)$/,
      ),
    ]);
    expect(
      timeline.filter((event) => event.title.includes("submitted the onboarding")),
    ).toHaveLength(1);
    expect(project.id).toBeTruthy();
  });
});

describe("folding repeated portal saves", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
  const row = (minute: number, contactId = "ada", action = "onboarding-saved") => ({
    createdAt: at(minute),
    action,
    detail: { contactId, projectId: "p1", summary: `${contactId} saved` },
    address: null,
  });

  it("folds saves by one contact each within 30 minutes of the previous, newest first", () => {
    const folded = collapsePortalRows([row(90), row(70), row(45), row(10), row(0)]);
    expect(folded.map((entry) => [entry.createdAt.getUTCMinutes(), entry.times])).toEqual([
      [30, 3],
      [10, 2],
    ]);
  });

  it("keeps apart other contacts, other actions and anything in between", () => {
    const folded = collapsePortalRows([
      row(20),
      row(19, "grace"),
      row(18),
      row(17, "ada", "file-downloaded"),
      row(16, "ada", "file-downloaded"),
    ]);
    expect(folded.map((entry) => entry.times)).toEqual([1, 1, 1, 1, 1]);
  });
});
