import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema/audit.ts";
import { onboardingResponses, projects } from "#server/db/schema/projects.ts";
import { addMilestone, setMilestoneDone } from "#server/projects/milestones.ts";
import { createProject } from "#server/projects/projects.ts";
import { staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import {
  getPortalOnboarding,
  savePortalOnboardingStep,
  submitPortalOnboarding,
  uploadPortalOnboardingFile,
} from "./onboarding";
import { getPortalProject, listPortalProjects } from "./projects";
import { findPortalViewer } from "./session";
import { addSharedFile, readPortalFile, removeSharedFile } from "./shared-files";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n%test\n");
const address = "203.0.113.5";

async function viewerFor(db: Db, cookie: string) {
  const viewer = await findPortalViewer({
    db,
    env: portalEnv,
    request: new Request("http://frontier.test/portal", { headers: { Cookie: cookie } }),
  });
  if (!viewer) throw new Error("not signed in");
  return viewer;
}

async function projectOf(db: Db, clientId: string, startDate: string | null = null) {
  return createProject({
    db,
    actor: staff,
    input: {
      name: `Project ${Math.random().toString(36).slice(2, 7)}`,
      clientId,
      proposalId: null,
      status: "onboarding",
      startDate,
      dueDate: null,
      budgetAmount: 0,
      currency: "USD",
      teamMembers: [],
      milestones: [],
    },
  });
}

async function readAll(body: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const answers = {
  companyName: "Acme",
  contactName: "Ada",
  contactEmail: "ada@example.com",
  goals: "Grow",
  audience: "Everyone",
};

describeEachDatabase("client portal projects", (get) => {
  it("shows milestones done and next, in the team's order", async () => {
    const { db } = get();
    const { client } = await makePortalClient(db);
    const project = await projectOf(db, client.id);
    const first = await addMilestone({
      db,
      actor: staff,
      projectId: project.id,
      input: { title: "Design", dueDate: "2026-04-01" },
    });
    await addMilestone({
      db,
      actor: staff,
      projectId: project.id,
      input: { title: "Build", dueDate: "2026-05-01" },
    });
    await setMilestoneDone({
      db,
      actor: staff,
      projectId: project.id,
      milestoneId: first.id,
      isDone: true,
    });
    const [listed] = await listPortalProjects({ db, clientId: client.id });
    expect(listed.milestones.map((item) => [item.title, item.isDone, item.isNext])).toEqual([
      ["Design", true, false],
      ["Build", false, true],
    ]);
    expect(listed).toMatchObject({
      doneCount: 1,
      next: { title: "Build", dueDate: "2026-05-01" },
      onboarding: "to-do",
    });
  });

  it("serves shared files and the client's own uploads to that client only", async () => {
    const { db } = get();
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const viewer = await viewerFor(db, a.cookie);
    const ours = await projectOf(db, a.client.id);
    const theirs = await projectOf(db, b.client.id);
    const report = await addSharedFile({
      db,
      env: portalEnv,
      actor: staff,
      projectId: ours.id,
      filename: "report.pdf",
      bytes: PDF,
    });
    const secret = await addSharedFile({
      db,
      env: portalEnv,
      actor: staff,
      projectId: theirs.id,
      filename: "theirs.pdf",
      bytes: PDF,
    });
    const upload = await uploadPortalOnboardingFile({
      db,
      env: portalEnv,
      viewer,
      projectId: ours.id,
      filename: "logo.png",
      bytes: PNG,
      address,
    });

    const got = await readPortalFile({
      db,
      env: portalEnv,
      viewer,
      projectId: ours.id,
      fileId: report.id,
      address,
    });
    expect((await readAll(got.body)).equals(PDF)).toBe(true);
    const own = await readPortalFile({
      db,
      env: portalEnv,
      viewer,
      projectId: ours.id,
      fileId: upload.id,
      address,
    });
    expect(own.file.filename).toBe("logo.png");
    await readAll(own.body);

    for (const [projectId, fileId] of [
      [theirs.id, secret.id],
      [ours.id, secret.id],
      [theirs.id, report.id],
    ])
      await expect(
        readPortalFile({ db, env: portalEnv, viewer, projectId, fileId, address }),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    await expect(
      getPortalProject({ db, clientId: a.client.id, projectId: theirs.id }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const detail = await getPortalProject({ db, clientId: a.client.id, projectId: ours.id });
    expect(detail.sharedFiles.map((file) => file.filename)).toEqual(["report.pdf"]);
    expect(detail.uploads.map((file) => file.filename)).toEqual(["logo.png"]);

    await removeSharedFile({
      db,
      env: portalEnv,
      actor: staff,
      projectId: ours.id,
      fileId: report.id,
    });
    await expect(
      readPortalFile({
        db,
        env: portalEnv,
        viewer,
        projectId: ours.id,
        fileId: report.id,
        address,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      addSharedFile({
        db,
        env: portalEnv,
        actor: staff,
        projectId: ours.id,
        filename: "x.exe",
        bytes: Buffer.from("MZ"),
      }),
    ).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("lets the client finish onboarding, then amend answers until the project starts", async () => {
    const { db } = get();
    const { client, cookie } = await makePortalClient(db);
    const viewer = await viewerFor(db, cookie);
    const project = await projectOf(db, client.id, "2999-01-01");
    const save = (stepId: string, values: Record<string, string>) =>
      savePortalOnboardingStep({
        db,
        viewer,
        projectId: project.id,
        stepId,
        values,
        nextStep: 1,
        address,
      });
    await save("company", { companyName: answers.companyName });
    await save("contact", { contactName: answers.contactName, contactEmail: answers.contactEmail });
    await save("goals", { goals: answers.goals });
    await save("audience", { audience: answers.audience });
    await submitPortalOnboarding({ db, env: portalEnv, viewer, projectId: project.id, address });
    expect((await getPortalOnboarding({ db, viewer, projectId: project.id })).stage).toBe(
      "amendable",
    );

    await save("goals", { goals: "Grow faster" });
    const [response] = await db
      .select()
      .from(onboardingResponses)
      .where(eq(onboardingResponses.projectId, project.id));
    expect(response.answers.goals).toBe("Grow faster");
    await expect(save("goals", { goals: "" })).rejects.toMatchObject({ code: "INVALID" });
    await expect(save("goals", { goals: "password: hunter2" })).rejects.toMatchObject({
      code: "INVALID",
    });

    // Once the start date has come, the answers are closed.
    await db.update(projects).set({ startDate: "2020-01-01" }).where(eq(projects.id, project.id));
    expect((await getPortalOnboarding({ db, viewer, projectId: project.id })).stage).toBe("closed");
    await expect(save("goals", { goals: "Later" })).rejects.toMatchObject({ code: "CONFLICT" });

    const saved = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.area, "portal"),
          eq(auditEvents.action, "onboarding-saved"),
          eq(auditEvents.recordId, client.id),
        ),
      );
    expect(saved.length).toBeGreaterThanOrEqual(5);
  });

  it("never opens or saves another client's onboarding", async () => {
    const { db } = get();
    const a = await makePortalClient(db);
    const b = await makePortalClient(db);
    const viewer = await viewerFor(db, a.cookie);
    const theirs = await projectOf(db, b.client.id);
    await expect(getPortalOnboarding({ db, viewer, projectId: theirs.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      savePortalOnboardingStep({
        db,
        viewer,
        projectId: theirs.id,
        stepId: "goals",
        values: { goals: "x" },
        nextStep: 1,
        address,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      submitPortalOnboarding({ db, env: portalEnv, viewer, projectId: theirs.id, address }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [response] = await db
      .select()
      .from(onboardingResponses)
      .where(eq(onboardingResponses.projectId, theirs.id));
    expect(response.answers).toEqual({});
  });
});
