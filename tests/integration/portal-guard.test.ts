import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { requireRole } from "#server/auth/guard.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { onboardingResponses } from "#server/db/schema/projects.ts";
import { proposals } from "#server/db/schema/proposals.ts";
import { parseEnv } from "#server/env.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { addOnboardingFile } from "#server/onboarding/onboarding.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { getPortalThread, postPortalMessage } from "#server/portal/messages.ts";
import { findPortalViewer, portalCookieName } from "#server/portal/session.ts";
import { addSharedFile } from "#server/portal/shared-files.ts";
import { replyToClientThread } from "#server/portal/team-messages.ts";
import { isPrivatePath } from "#server/private-responses.ts";
import { addMilestone } from "#server/projects/milestones.ts";
import { createProject } from "#server/projects/projects.ts";
import { sendProposal } from "#server/proposals/sending.ts";
import { invoiceInput, makeProposal, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";

// Walks every portal route of app/routes.ts (read from the route table itself, so a new
// one cannot be forgotten) and calls its loader and action, for the page and for its
// data request (.data): anonymous and a staff cookie go to the portal's sign-in; a
// contact of client A gets a 404 for anything of client B, and their own things.

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type Outcome = "sign-in" | "not-found" | "allowed";

const appDir = path.resolve(import.meta.dirname, "../../app");

function flatten(list: RouteEntry[], base = ""): Array<{ path: string; file: string }> {
  return list.flatMap((entry) => {
    const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    return [
      { path: full || "/", file: entry.file },
      ...(entry.children ? flatten(entry.children, full) : []),
    ];
  });
}

const portalRoutes = flatten(routes as RouteEntry[]).filter((route) =>
  route.path.startsWith("/portal"),
);
// Everything made for a contact's session goes out `private, no-store`, like the command
// center (decision 208): every portal address, its data request and its downloads.
it("marks every portal address private: pages, data requests, downloads and event streams", () => {
  expect(portalRoutes.length).toBeGreaterThan(15);
  for (const route of portalRoutes) {
    const address = route.path.replace(/:(\w+)/g, "0f6c3e1a-0000-4000-8000-000000000000");
    for (const path of [address, `${address}.data`, `${address}/`])
      expect(isPrivatePath(path), path).toBe(true);
  }
  expect(isPrivatePath("/portal.data")).toBe(true);
  expect(isPrivatePath("/portals")).toBe(false);
});

/** Open to anyone: asking for a link, using it, signing out. */
const publicPaths = new Set(["/portal/sign-in", "/portal/sign-out"]);

function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } } | null)?.init;
  return init?.status ?? 200;
}

function classify(result: unknown): Outcome {
  if (result instanceof Response && result.status >= 300 && result.status < 400)
    return result.headers.get("Location") === "/portal/sign-in" ? "sign-in" : "allowed";
  return statusOf(result) === 404 ? "not-found" : "allowed";
}

async function outcomeOf(
  call: () => Promise<unknown>,
): Promise<{ outcome: Outcome; result: unknown }> {
  try {
    const result = await call();
    return { outcome: classify(result), result };
  } catch (error) {
    if (error instanceof Response) return { outcome: classify(error), result: error };
    throw error;
  }
}

/** What a loader answered, as text: the data, or a download's bytes. */
async function textOf(result: unknown) {
  if (result instanceof Response) {
    if (result.headers.get("Content-Type")?.startsWith("text/event-stream")) {
      await result.body?.cancel();
      return "";
    }
    return Buffer.from(await result.arrayBuffer()).toString("latin1");
  }
  return JSON.stringify(result);
}

const env = parseEnv({
  DATA_DIR: portalEnv.DATA_DIR,
  AUTH_SECRET: "portal-walk-secret-portal-walk-secret-1",
  PUBLIC_URL: "http://frontier.test",
  NODE_ENV: "test",
});

const PDF = Buffer.from("%PDF-1.4\n%walk\n");

describeEachDatabase("every portal route keeps clients apart", (get) => {
  const context = () =>
    ({
      db: get().db,
      database: get() as Database,
      env,
      nonce: "test",
      clientAddress: "192.0.2.10",
      outcome: {},
    }) as unknown as AppContext;
  type Fixture = Awaited<ReturnType<typeof makeFixture>>;
  let a: Fixture;
  let b: Fixture;
  let staffCookie = "";

  async function makeFixture() {
    const { db } = get();
    const portal = await makePortalClient(db);
    const proposal = await makeProposal(db, portal.client.id);
    await sendProposal({ db, env: portalEnv, actor: staff, id: proposal.id });
    const invoice = await createInvoice({
      db,
      actor: staff,
      input: invoiceInput(portal.client.id),
    });
    await sendInvoice({ db, env: portalEnv, actor: staff, id: invoice.id });
    const project = await createProject({
      db,
      actor: staff,
      input: {
        name: `Walk ${portal.client.company}`,
        clientId: portal.client.id,
        proposalId: null,
        status: "onboarding",
        startDate: null,
        dueDate: null,
        budgetAmount: 0,
        currency: "USD",
        teamMembers: [],
        milestones: [],
      },
    });
    await addMilestone({
      db,
      actor: staff,
      projectId: project.id,
      input: { title: "Kick-off", dueDate: "" },
    });
    const shared = await addSharedFile({
      db,
      env: portalEnv,
      actor: staff,
      projectId: project.id,
      filename: "plan.pdf",
      bytes: PDF,
    });
    const upload = await addOnboardingFile({
      db,
      env: portalEnv,
      onboardingId: project.onboardingId,
      filename: "brief.pdf",
      bytes: PDF,
    });
    const viewer = await findPortalViewer({
      db,
      env: portalEnv,
      request: new Request("http://frontier.test/portal", { headers: { Cookie: portal.cookie } }),
    });
    const message = await postPortalMessage({
      database: get(),
      viewer: viewer!,
      projectId: project.id,
      body: `A question from ${portal.client.company}`,
      address: "192.0.2.10",
    });
    const reply = await replyToClientThread({
      database: get(),
      staff: { id: "walk-staff", name: "Walk Staff" },
      projectId: project.id,
      body: `An answer for ${portal.client.company} only`,
    });
    return { ...portal, proposal, invoice, project, shared, upload, message, reply };
  }

  /** The route's parameters, naming one client's records. */
  function paramsFor(
    route: { path: string },
    owner: Fixture,
    fileOwner: Fixture = owner,
  ): Record<string, string> {
    if (route.path.startsWith("/portal/proposals/")) return { id: owner.proposal.id };
    if (route.path.startsWith("/portal/invoices/")) return { id: owner.invoice.id };
    if (route.path.includes("/files/"))
      return { id: owner.project.id, fileId: fileOwner.shared.id };
    if (route.path.startsWith("/portal/projects/")) return { id: owner.project.id };
    if (route.path.startsWith("/portal/messages/")) return { id: owner.project.id };
    return {};
  }

  function urlFor(route: { path: string }, params: Record<string, string>, data: boolean) {
    const pathname = route.path.replace(/:(\w+)/g, (_, name: string) => params[name]);
    return `http://frontier.test${pathname}${data ? ".data" : ""}${route.path === "/portal/statement" ? "?from=2026-01-01&to=2026-12-31&format=csv" : ""}`;
  }

  async function call(
    route: { path: string; file: string },
    kind: "loader" | "action",
    {
      cookie,
      params,
      data = false,
    }: { cookie?: string; params: Record<string, string>; data?: boolean },
  ) {
    const module = (await import(path.join(appDir, route.file))) as Record<
      string,
      ((args: unknown) => Promise<unknown>) | undefined
    >;
    const handler = module[kind];
    if (!handler) return undefined;
    const headers = new Headers();
    if (cookie) headers.set("Cookie", cookie);
    const body = new FormData();
    body.set("intent", "guard-walk");
    const controller = new AbortController();
    const request = new Request(urlFor(route, params, data), {
      method: kind === "action" ? "POST" : "GET",
      headers,
      body: kind === "action" ? body : undefined,
      signal: controller.signal,
    });
    // React Router gives a loader the address without its data request's ".data" (its url).
    const url = new URL(urlFor(route, params, false));
    const found = await outcomeOf(() => handler({ request, url, context: context(), params }));
    const text = kind === "loader" ? await textOf(found.result) : "";
    controller.abort();
    return { ...found, text };
  }

  beforeAll(async () => {
    a = await makeFixture();
    b = await makeFixture();
    const email = `walk-staff-${Date.now()}@frontier.test`;
    await createStaffUser(
      { db: get().db },
      { email, password: "portal walk password", role: "admin" },
    );
    const { headers } = await signIn(context(), {
      email,
      password: "portal walk password",
      request: new Request("http://frontier.test/login"),
    });
    staffCookie = headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }, 120_000);

  it("finds the portal routes in the route table", () => {
    const paths = portalRoutes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/portal",
        "/portal/proposals/:id",
        "/portal/proposals/:id/pdf",
        "/portal/invoices/:id/pdf",
        "/portal/statement",
        "/portal/projects/:id/files/:fileId",
        "/portal/projects/:id/onboarding",
        "/portal/events",
        "/portal/messages",
        "/portal/messages/:id",
      ]),
    );
  });

  it("sends anonymous visitors and staff sessions to the portal's sign-in", async () => {
    expect(staffCookie).toContain("frontier.session=");
    expect(staffCookie).not.toContain(`${portalCookieName(env)}=`);
    for (const route of portalRoutes.filter((candidate) => !publicPaths.has(candidate.path)))
      for (const cookie of [undefined, staffCookie])
        for (const kind of ["loader", "action"] as const)
          for (const data of [false, true]) {
            const answer = await call(route, kind, { cookie, params: paramsFor(route, a), data });
            if (answer)
              expect(
                answer.outcome,
                `${kind} of ${route.path}${data ? ".data" : ""} as ${cookie ? "staff" : "anonymous"}`,
              ).toBe("sign-in");
          }
  });

  it("gives a contact of client A a 404 for every record of client B, page, data and download alike", async () => {
    const mixed = [
      (route: { path: string }) => paramsFor(route, b),
      // A's own project with B's file in it, and B's project with A's file.
      (route: { path: string }) =>
        route.path.includes("/files/") ? paramsFor(route, a, b) : undefined,
      (route: { path: string }) =>
        route.path.includes("/files/") ? { id: b.project.id, fileId: a.upload.id } : undefined,
    ];
    for (const route of portalRoutes.filter((candidate) => candidate.path.includes(":")))
      for (const paramsOf of mixed) {
        const params = paramsOf(route);
        if (!params) continue;
        for (const kind of ["loader", "action"] as const)
          for (const data of [false, true]) {
            const answer = await call(route, kind, { cookie: a.cookie, params, data });
            if (answer)
              expect(
                answer.outcome,
                `${kind} of ${route.path}${data ? ".data" : ""} with B's ids`,
              ).toBe("not-found");
          }
      }
    // Nothing of B's changed on the way.
    const [proposal] = await get()
      .db.select()
      .from(proposals)
      .where(eq(proposals.id, b.proposal.id));
    expect(proposal).toMatchObject({ status: "sent", firstViewedAt: null });
    const [response] = await get()
      .db.select()
      .from(onboardingResponses)
      .where(eq(onboardingResponses.projectId, b.project.id));
    expect(response.answers).toEqual({});
    const thread = await getPortalThread({
      db: get().db,
      viewer: { clientId: b.client.id },
      projectId: b.project.id,
    });
    expect(thread.messages.map((message) => message.id)).toEqual([b.message.id, b.reply.id]);
  });

  it("shows a contact their own records and nothing of another client's anywhere", async () => {
    const secrets = [
      b.client.company,
      b.proposal.id,
      b.proposal.title,
      b.invoice.id,
      b.invoice.number,
      b.project.id,
      b.shared.id,
      b.upload.id,
      b.message.id,
      b.reply.id,
      b.reply.body,
    ];
    for (const route of portalRoutes.filter((candidate) => !publicPaths.has(candidate.path)))
      for (const data of [false, true]) {
        const answer = await call(route, "loader", {
          cookie: a.cookie,
          params: paramsFor(route, a),
          data,
        });
        if (!answer) continue;
        expect(answer.outcome, `loader of ${route.path} for A`).toBe("allowed");
        for (const secret of secrets)
          expect(answer.text, `${route.path} shows ${secret}`).not.toContain(secret);
      }
  });

  it("answers staff routes with a portal cookie as if signed out", async () => {
    const request = new Request("http://frontier.test/admin/clients", {
      headers: { Cookie: a.cookie },
    });
    const refused = await requireRole({ request, context: context() }, "staff").catch(
      (error) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const both = new Request("http://frontier.test/portal", {
      headers: { Cookie: `${staffCookie}; ${a.cookie}` },
    });
    expect(await requirePortalViewer({ request: both, context: context() })).toMatchObject({
      clientId: a.client.id,
    });
  });
});
