import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { sendInvoice } from "#server/invoices/sending.ts";
import { createProject } from "#server/projects/projects.ts";
import { STAFF_PASSWORD, signInCookie, uniqueStaffEmail } from "#tests/helpers/auth.ts";
import { invoiceInput, makeClient, staff } from "#tests/helpers/business.ts";
import { testDatabaseKinds } from "#tests/helpers/db.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { makePortalClient, portalEnv } from "#tests/helpers/portal.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

// Behind a shared cache that keeps every 200 for 30 s (nginx `proxy_cache_valid 200 30s`),
// an anonymous visitor was handed the admin's cached /admin/team (issue "Hardening", item 8).
// Every answer made for a session or a private link must say `private, no-store`: pages and
// their `.data` requests, redirects, refusals and error pages, signed in or not.

const PRIVATE = "private, no-store";

for (const kind of testDatabaseKinds) {
  describe(`private answers are never stored by a shared cache [${kind}]`, () => {
    let server: RunningServer;
    let adminCookie = "";
    let onboardingPath = "";
    let portal: { cookie: string; invoicePath: string } = { cookie: "", invoicePath: "" };
    let dropDatabase = async () => {};

    beforeAll(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-private-"));
      let databaseUrl: string | undefined;
      if (kind === "postgres") {
        const temp = await createTempPostgresDatabase();
        databaseUrl = temp.url;
        dropDatabase = temp.drop;
      }
      const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      const admin = { email: uniqueStaffEmail("admin"), password: STAFF_PASSWORD };
      try {
        await createStaffUser({ db: database.db }, { ...admin, role: "admin", name: "Ada" });
        const client = await makeClient(database.db);
        const project = await createProject({
          db: database.db,
          actor: staff,
          input: {
            name: "Brand refresh",
            clientId: client.id,
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
        onboardingPath = `/onboarding/${project.onboardingId}`;
        const contact = await makePortalClient(database.db);
        const invoice = await createInvoice({
          db: database.db,
          actor: staff,
          input: invoiceInput(contact.client.id),
        });
        await sendInvoice({ db: database.db, env: portalEnv, actor: staff, id: invoice.id });
        portal = { cookie: contact.cookie, invoicePath: `/portal/invoices/${invoice.id}` };
      } finally {
        await database.close();
      }
      server = await startServer({
        dataDir,
        env: { DATABASE_URL: databaseUrl ?? "" },
        timeoutMs: 110_000,
      });
      adminCookie = await signInCookie(server, admin);
    }, budget(180_000));

    afterAll(async () => {
      await server?.stop();
      if (server) rmSync(server.dataDir, { recursive: true, force: true });
      await dropDatabase();
    });

    async function answer(address: string, options: { cookie?: string; method?: string } = {}) {
      const response = await fetch(`${server.url}${address}`, {
        method: options.method ?? "GET",
        redirect: "manual",
        headers: {
          Origin: server.url,
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...(options.method === "POST"
            ? { "Content-Type": "application/x-www-form-urlencoded" }
            : {}),
        },
        body: options.method === "POST" ? "intent=nothing" : undefined,
      });
      await response.arrayBuffer();
      return { status: response.status, cacheControl: response.headers.get("cache-control") };
    }

    /** Every address answered with `private, no-store`; returns the statuses seen. */
    async function expectPrivate(addresses: string[], options: { cookie?: string } = {}) {
      const statuses = new Set<number>();
      for (const address of addresses) {
        const { status, cacheControl } = await answer(address, options);
        statuses.add(status);
        expect(cacheControl, `${address} (${status})`).toBe(PRIVATE);
      }
      return statuses;
    }

    it("marks the command center private for the admin: pages, data, a 404", async () => {
      const statuses = await expectPrivate(
        [
          "/admin",
          "/admin.data",
          "/admin/team",
          "/admin/team.data",
          "/admin/clients",
          "/admin/no-such-page",
          "/admin/no-such-page.data",
          "/api/auth/get-session",
          "/login",
        ],
        { cookie: adminCookie },
      );
      expect(statuses).toContain(200);
      expect(statuses).toContain(404);
    });

    it("marks the same addresses private when asked anonymously: redirects to sign in included", async () => {
      const statuses = await expectPrivate([
        "/admin",
        "/admin.data",
        "/admin/team",
        "/admin/team.data",
        "/admin/no-such-page",
        "/api/auth/get-session",
        "/login",
        "/login.data",
        "/setup",
        "/forgot-password",
        "/reset-password",
        "/accept-invite",
        "/logout",
      ]);
      expect([...statuses].some((status) => status >= 300 && status < 400)).toBe(true);
    });

    it("marks private links private: a proposal, an onboarding form and their data", async () => {
      const statuses = await expectPrivate([
        onboardingPath,
        `${onboardingPath}.data`,
        `${onboardingPath}?step=2`,
        "/proposal/no-such-proposal-0123456789abcdef",
        "/proposal/no-such-proposal-0123456789abcdef.data",
        "/onboarding/no-such-link-0123456789abcdef",
      ]);
      expect(statuses).toContain(200);
      expect(statuses).toContain(404);
      // A refused form sent to a private link, too.
      expect((await answer(onboardingPath, { method: "POST" })).cacheControl).toBe(PRIVATE);
    });

    it("marks everything made for a client contact's portal session private: pages, data, downloads", async () => {
      const statuses = await expectPrivate(
        [
          "/portal",
          "/portal.data",
          "/portal/invoices",
          "/portal/invoices.data",
          portal.invoicePath,
          `${portal.invoicePath}.data`,
          `${portal.invoicePath}/pdf`,
          "/portal/statement?from=2020-01-01&to=2030-12-31&format=csv",
          "/portal/projects",
          "/portal/messages",
          "/portal/no-such-page",
          "/",
        ],
        { cookie: portal.cookie },
      );
      expect(statuses).toContain(200);
      // Anonymous: the sign-in page and the redirects to it.
      const anonymous = await expectPrivate(["/portal", "/portal.data", "/portal/sign-in"]);
      expect([...anonymous].some((status) => status >= 300 && status < 400)).toBe(true);
    });

    it("marks any page asked for with a session private, and leaves anonymous public pages as they were", async () => {
      await expectPrivate(["/", "/insights", "/_root.data", "/no-such-page"], {
        cookie: adminCookie,
      });
      for (const address of ["/", "/insights"]) {
        const { status, cacheControl } = await answer(address);
        expect(status).toBe(200);
        expect(cacheControl, address).not.toBe(PRIVATE);
      }
    });
  });
}
