import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInvoice } from "#server/invoices/editing.ts";
import { createTimeEntry } from "#server/time/entries.ts";
import { makeClient, makeProposal, staff } from "#tests/helpers/business.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { makeCaseStudy, makeEpisode, makeInsight } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { apiRouter } from "./router";
import { apiRoutes } from "./routes";
import { errorSchema } from "./schemas";
import { createApiToken } from "./tokens";

const env = testEnv({ PUBLIC_URL: "https://frontier.test" });

type Operation = {
  operationId: string;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** Every "$ref" anywhere in a JSON value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.push(child);
      else refsIn(child, found);
    }
  return found;
}

describeEachDatabase("the OpenAPI document", (get) => {
  let server: http.Server;
  let base = "";
  let token = "";
  const ids: Record<string, string> = {};
  const bodies: Record<string, unknown> = {
    "/leads": {
      name: "Contract Test",
      email: "contract@example.com",
      service: "ai-ml",
      budget: "not-sure",
      timeline: "exploring",
      message: "A message long enough for the contact form's rules.",
    },
  };

  beforeAll(async () => {
    const app = express();
    app.use("/api/v1", apiRouter({ database: get(), env, rateLimitPerMinute: 1000 }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    token = (
      await createApiToken({
        db: get().db,
        input: { name: "Contract test", access: "business" },
        actor: staff,
      })
    ).token;
    const { db } = get();
    const client = await makeClient(db);
    const invoice = await createInvoice({
      db,
      actor: staff,
      input: {
        clientId: client.id,
        projectId: null,
        currency: "EUR",
        issueDate: "2026-03-01",
        dueDate: "2026-03-15",
        discountKind: "none",
        discountValue: 0,
        notes: "",
        items: [{ description: "Work", quantity: 100, unitAmount: 5000, taxRateBp: 2000 }],
      },
    });
    Object.assign(ids, {
      "/insights/{id}": (await makeInsight(db)).slug,
      "/case-studies/{id}": (await makeCaseStudy(db)).id,
      "/episodes/{id}": (await makeEpisode(db)).slug,
      "/clients/{id}": client.id,
      "/proposals/{id}": (await makeProposal(db, client.id)).id,
      "/invoices/{id}": invoice.id,
    });
    const person = await makePerson(db);
    const { project } = await makeProject(db);
    const entry = await createTimeEntry({
      db,
      viewer: person,
      input: {
        projectId: project.id,
        milestoneId: null,
        entryDate: "2026-03-02",
        minutes: 90,
        note: "Contract",
        isBillable: true,
      },
    });
    ids["/time-entries/{id}"] = entry.id;
    bodies["/time-entries"] = {
      userEmail: person.email,
      projectId: project.id,
      date: "2026-03-03",
      minutes: 45,
      note: "From the API",
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function fetchDocument() {
    const response = await fetch(`${base}/openapi.json`);
    expect(response.status).toBe(200);
    return (await response.json()) as Document;
  }

  it("is an OpenAPI 3.1 document, served without a token, whose references all resolve", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const names = Object.keys(document.components.schemas);
    for (const ref of refsIn(document))
      expect(names).toContain(ref.replace("#/components/schemas/", ""));
    expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(7);
  });

  it("documents every route the server answers, and every answer matches its schema", async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(documented.map(({ operation }) => operation.operationId).sort()).toEqual(
      apiRoutes.map((route) => route.operationId).sort(),
    );
    for (const { path, method, operation } of documented) {
      const route = apiRoutes.find((candidate) => candidate.operationId === operation.operationId);
      if (!route) throw new Error(`${operation.operationId} is documented but not served`);
      const url = `${base}${path.replace("{id}", ids[path] ?? "")}`;
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: operation.requestBody ? JSON.stringify(bodies[path]) : undefined,
      });
      const status = String(response.status);
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain(status);
      expect(response.ok, `${method} ${path} answered ${status}`).toBe(true);
      const body = await response.json();
      const parsed = route.response.safeParse(body);
      expect(parsed.success, `${method} ${path}: ${parsed.error?.message}`).toBe(true);
      if (route.method === "get" && !route.path.includes("{"))
        expect((body as { data: unknown[] }).data.length, path).toBeGreaterThan(0);
    }
  });

  it("documents the refusals in the shape they are sent", async () => {
    const document = await fetchDocument();
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations))
        for (const status of ["401", "403", "429"])
          expect(operation.responses[status]?.content?.["application/json"].schema.$ref).toBe(
            "#/components/schemas/Error",
          );
    const refusals = [
      ["/insights", "frt_unknown"],
      ["/nowhere", token],
      ["/clients?page=0", token],
    ];
    for (const [path, presented] of refusals) {
      const refused = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${presented}` },
      });
      expect(refused.ok).toBe(false);
      expect(errorSchema.safeParse(await refused.json()).success, path).toBe(true);
    }
  });
});
