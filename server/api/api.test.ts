import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { limitRequestBodies } from "#server/body-limit.ts";
import { csrfProtection } from "#server/csrf.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { formBodyOnly } from "#server/form-body.ts";
import { createInvoice } from "#server/invoices/editing.ts";
import { makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { signInStaff, testEnv } from "#tests/helpers/chat.ts";
import { makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { apiRouter } from "./router";
import { createApiToken, revokeApiToken } from "./tokens";

const env = testEnv({ PUBLIC_URL: "https://frontier.test" });
const admin = { id: "admin-1", email: "admin@frontier.test", address: "127.0.0.1" };

const lead = {
  name: "Grace Hopper",
  email: "grace@example.com",
  company: "Navy",
  service: "web-platforms",
  budget: "50k-100k",
  timeline: "asap",
  message: "We need a new platform for our fleet's logistics, soon.",
};

describeEachDatabase("the JSON API", (get) => {
  let server: http.Server;
  let base = "";
  let contentToken = "";
  let businessToken = "";

  beforeAll(async () => {
    // The production order of what stands before the API (server/app.ts).
    const app = express();
    app.use(limitRequestBodies());
    app.use(csrfProtection(env));
    app.use("/api/v1", apiRouter({ database: get(), env }));
    app.use(formBodyOnly());
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    contentToken = (
      await createApiToken({
        db: get().db,
        input: { name: "Website mirror", access: "content" },
        actor: admin,
      })
    ).token;
    businessToken = (
      await createApiToken({
        db: get().db,
        input: { name: "CRM sync", access: "business" },
        actor: admin,
      })
    ).token;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
  const postLead = (token: string | undefined, body: unknown, headers = {}) =>
    call("/leads", token, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("reads published content with a content token, paged and filtered by updatedSince", async () => {
    const live = await makeInsight(get().db, { title: "Live article" });
    await makeInsight(get().db, { title: "A draft", status: "draft", publishedAt: null });
    const response = await call("/insights?pageSize=100", contentToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = (await response.json()) as { data: Array<{ id: string; title: string }> };
    expect(page.data.map((item) => item.title)).toContain("Live article");
    expect(page.data.map((item) => item.title)).not.toContain("A draft");

    const bySlug = await call(`/insights/${live.slug}`, contentToken);
    expect(await bySlug.json()).toMatchObject({
      id: live.id,
      url: `https://frontier.test/insights/${live.slug}`,
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    const none = await call(`/insights?updatedSince=${encodeURIComponent(later)}`, contentToken);
    expect(await none.json()).toMatchObject({ data: [], total: 0, hasMore: false });
  });

  it("refuses a missing, unknown or revoked token (401) and a cookie instead of a token", async () => {
    const missing = await call("/insights");
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    expect((await call("/insights", "frt_not-a-real-token")).status).toBe(401);

    const { id, token } = await createApiToken({
      db: get().db,
      input: { name: "Short-lived", access: "business" },
      actor: admin,
    });
    expect((await call("/insights", token)).status).toBe(200);
    await revokeApiToken({ db: get().db, id, actor: admin });
    const revoked = await call("/insights", token);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({
      error: {
        code: "UNAUTHORIZED",
        message: "This API token is not valid: it is unknown or was revoked.",
      },
    });

    // A signed-in admin's session cookie opens nothing here, even from the site's own origin.
    const { cookie } = await signInStaff(get(), "admin");
    const withCookie = await postLead(undefined, lead, { Cookie: cookie, Origin: env.PUBLIC_URL });
    expect(withCookie.status).toBe(401);
    expect((await call("/clients", undefined, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("keeps each token to its scope: a content token cannot create a lead (403)", async () => {
    const before = await get().db.select({ id: leads.id }).from(leads);
    const refused = await postLead(contentToken, lead);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    expect((await call("/clients", contentToken)).status).toBe(403);
    expect(await get().db.select({ id: leads.id }).from(leads)).toHaveLength(before.length);
  });

  it("creates a lead with a business token, with the contact form's checks and its mail to staff", async () => {
    const invalid = await postLead(businessToken, { ...lead, email: "not an address", budget: "" });
    expect(invalid.status).toBe(400);
    const refusal = (await invalid.json()) as { error: { code: string; fields: object } };
    expect(refusal.error.code).toBe("INVALID");
    expect(Object.keys(refusal.error.fields).sort()).toEqual(["budget", "email"]);

    // From another site's page, with a token: the origin check is not in the way.
    const created = await postLead(businessToken, lead, { Origin: "https://crm.example" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [row] = await get().db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ source: "api", email: "grace@example.com", status: "new" });
    const mails = await get()
      .db.select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages);
    expect(
      mails.find((mail) => mail.text.includes("through the API (token “CRM sync”)")),
    ).toBeTruthy();
  });

  it("answers bad bodies with 415, 400 and 413 in the API's shape", async () => {
    const asForm = await call("/leads", businessToken, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(asForm.status).toBe(415);
    const broken = await call("/leads", businessToken, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe("INVALID");
    const huge = await postLead(businessToken, { ...lead, message: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe(
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("reads clients, proposals and invoices with a business token; 404 and 405 in the same shape", async () => {
    const client = await makeClient(get().db);
    const proposal = await makeProposal(get().db, client.id);
    await createInvoice({
      db: get().db,
      actor: staff,
      input: {
        clientId: client.id,
        projectId: null,
        currency: "USD",
        issueDate: "2026-03-01",
        dueDate: "2026-03-15",
        discountKind: "none",
        discountValue: 0,
        notes: "",
        items: [{ description: "Work", quantity: 100, unitAmount: 5000, taxRateBp: 0 }],
      },
    });
    const one = (await (await call(`/clients/${client.id}`, businessToken)).json()) as {
      contacts: unknown[];
    };
    expect(one.contacts).toHaveLength(1);
    const proposalResponse = await call(`/proposals/${proposal.id}`, businessToken);
    expect(await proposalResponse.json()).toMatchObject({ id: proposal.id, status: "draft" });
    const invoicePage = (await (await call("/invoices", businessToken)).json()) as {
      total: number;
    };
    expect(invoicePage.total).toBeGreaterThan(0);
    const missing = await call(`/proposals/${crypto.randomUUID()}`, businessToken);
    expect(missing.status).toBe(404);
    const badId = await call("/proposals/not-a-uuid", businessToken);
    expect(badId.status).toBe(400);
    const badPage = await call("/clients?pageSize=1000", businessToken);
    expect(((await badPage.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      "pageSize",
    );
    const wrongMethod = await call("/clients", businessToken, { method: "DELETE" });
    expect([wrongMethod.status, wrongMethod.headers.get("allow")]).toEqual([405, "GET"]);
    expect((await call("/nothing-here", businessToken)).status).toBe(404);
  });

  it("limits each token to 60 requests a minute (429 with Retry-After), counted per token", async () => {
    const { token } = await createApiToken({
      db: get().db,
      input: { name: "Busy", access: "content" },
      actor: admin,
    });
    // Start at the beginning of a minute, so the 61 requests share one.
    const wait = 60_000 - (Date.now() % 60_000);
    if (wait < 15_000) await new Promise((resolve) => setTimeout(resolve, wait + 50));
    const statuses: number[] = [];
    for (let request = 0; request < 61; request++)
      statuses.push((await call("/episodes?pageSize=1", token)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const limited = await call("/episodes", token);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    // Another token is not affected.
    expect((await call("/episodes?pageSize=1", contentToken)).status).toBe(200);
  }, 90_000);

  it("keeps only hashes: no token appears anywhere in the database", async () => {
    const tables = (
      await get().db.execute(sql`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`)
    ).rows.map((row) => (row as { table_name: string }).table_name);
    expect(tables).toContain("api_tokens");
    for (const table of tables)
      for (const token of [contentToken, businessToken]) {
        const secret = token.slice(12);
        const found = await get().db.execute(
          sql`select count(*)::int as count from ${sql.identifier(table)} t where row_to_json(t)::text like ${`%${secret}%`}`,
        );
        expect((found.rows[0] as { count: number }).count, table).toBe(0);
      }
  });
});
