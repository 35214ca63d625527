import { beforeAll, expect, it } from "vitest";
import * as fileRoute from "#app/routes/admin/projects/file.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import { parseEnv } from "#server/env.ts";
import { addOnboardingFile } from "#server/onboarding/onboarding.ts";
import { addSharedFile } from "#server/portal/shared-files.ts";
import { createProject } from "#server/projects/projects.ts";
import { makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { portalEnv } from "#tests/helpers/portal.ts";

// Staff download both kinds of project files from the project page: the client's onboarding
// uploads and the files the team shared with the client; each only under its own project.

const env = parseEnv({
  DATA_DIR: portalEnv.DATA_DIR,
  AUTH_SECRET: "files-walk-secret-files-walk-secret-123",
  PUBLIC_URL: "http://frontier.test",
  NODE_ENV: "test",
});

describeEachDatabase("project files for staff", (get) => {
  const context = () =>
    ({ db: get().db, database: get(), env, clientAddress: "192.0.2.30" }) as unknown as AppContext;
  let cookie = "";

  beforeAll(async () => {
    const email = `files-${Date.now()}@frontier.test`;
    await createStaffUser(
      { db: get().db },
      { email, password: "files walk password", role: "clientManager" },
    );
    const { headers } = await signIn(context(), {
      email,
      password: "files walk password",
      request: new Request("http://frontier.test/login"),
    });
    cookie = headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
  }, 60_000);

  async function projectOf() {
    const client = await makeClient(get().db);
    return createProject({
      db: get().db,
      actor: staff,
      input: {
        name: "Files",
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

  async function download(projectId: string, fileId: string, withCookie = cookie) {
    const request = new Request(
      `http://frontier.test/admin/projects/${projectId}/files/${fileId}`,
      {
        headers: { Cookie: withCookie },
      },
    );
    return fileRoute
      .loader({
        request,
        url: new URL(request.url),
        context: context(),
        params: { id: projectId, fileId },
      } as never)
      .catch((thrown: unknown) => thrown as Response);
  }

  it("serves a shared file and an onboarding upload as downloads, each only under its project", async () => {
    const { db } = get();
    const ours = await projectOf();
    const other = await projectOf();
    const pdf = Buffer.from("%PDF-1.4\n%shared with the client\n");
    const shared = await addSharedFile({
      db,
      env: portalEnv,
      actor: staff,
      projectId: ours.id,
      filename: "status report.pdf",
      bytes: pdf,
    });
    const upload = await addOnboardingFile({
      db,
      env: portalEnv,
      onboardingId: ours.onboardingId,
      filename: "brand.pdf",
      bytes: Buffer.from("%PDF-1.4\n%brand\n"),
    });

    const answer = (await download(ours.id, shared.id)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="status report.pdf"',
    );
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(pdf);
    const uploaded = (await download(ours.id, upload.id)) as Response;
    expect(uploaded.status).toBe(200);
    await uploaded.body?.cancel();

    for (const [projectId, fileId] of [
      [other.id, shared.id],
      [other.id, upload.id],
    ])
      expect(((await download(projectId, fileId)) as Response).status).toBe(404);
    const signedOut = (await download(ours.id, shared.id, "")) as Response;
    expect(signedOut.status).toBe(302);
  });
});
