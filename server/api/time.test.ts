import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditEvents } from "#server/db/schema/audit.ts";
import { approveWeek } from "#server/time/approval.ts";
import { testEnv } from "#tests/helpers/chat.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson, makeProject } from "#tests/helpers/time.ts";
import { apiRouter } from "./router";
import { createApiToken } from "./tokens";

const env = testEnv({ PUBLIC_URL: "https://frontier.test" });
const admin = { id: "admin-1", email: "admin@frontier.test", address: "127.0.0.1" };

describeEachDatabase("the API's time entries", (get) => {
  let server: http.Server;
  let base = "";
  let contentToken = "";
  let businessToken = "";

  beforeAll(async () => {
    const app = express();
    app.use("/api/v1", apiRouter({ database: get(), env, rateLimitPerMinute: 1000 }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    const make = async (access: "content" | "business") =>
      (
        await createApiToken({
          db: get().db,
          input: { name: `Tracker ${access}`, access },
          actor: admin,
        })
      ).token;
    contentToken = await make("content");
    businessToken = await make("business");
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = (path: string, token: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("reads with a business token, writes with it as the person named, and refuses content tokens", async () => {
    const { db } = get();
    const ada = await makePerson(db, "clientManager", "Ada Api");
    const { project } = await makeProject(db);
    const body = {
      userEmail: ada.email,
      projectId: project.id,
      date: "2026-03-03",
      minutes: 45,
      note: "Synced",
    };
    const refused = await call("/time-entries", contentToken, body);
    expect(refused.status).toBe(403);
    expect((await call("/time-entries", contentToken)).status).toBe(403);

    const created = await call("/time-entries", businessToken, body);
    expect(created.status).toBe(201);
    const entry = await created.json();
    expect(entry).toMatchObject({
      userId: ada.id,
      userEmail: ada.email,
      date: "2026-03-03",
      minutes: 45,
      billable: true,
      source: "api",
      invoiceId: null,
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.area, "time"), eq(auditEvents.recordId, entry.id)));
    expect(audit).toMatchObject({ actorEmail: "API token “Tracker business”", action: "create" });

    const listed = await (
      await call(
        `/time-entries?projectId=${project.id}&from=2026-03-01&to=2026-03-31`,
        businessToken,
      )
    ).json();
    expect(listed).toMatchObject({ total: 1, data: [{ id: entry.id }] });
    const byPerson = await (
      await call(
        `/time-entries?userEmail=${encodeURIComponent("nobody@frontier.test")}`,
        businessToken,
      )
    ).json();
    expect(byPerson.total).toBe(0);
    expect(await (await call(`/time-entries/${entry.id}`, businessToken)).json()).toEqual(entry);
    expect(
      (await call("/time-entries/00000000-0000-4000-8000-000000000000", businessToken)).status,
    ).toBe(404);
  });

  it("answers bad input with a 400 that names the field, and an approved week with a 409", async () => {
    const { db } = get();
    const ada = await makePerson(db);
    const boss = await makePerson(db, "admin");
    const { project } = await makeProject(db);
    const bad = await call("/time-entries", businessToken, {
      userEmail: ada.email,
      projectId: project.id,
      date: "March",
      minutes: 0,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toMatchObject({
      date: [expect.any(String)],
      minutes: [expect.any(String)],
    });
    const stranger = await call("/time-entries", businessToken, {
      userEmail: "stranger@example.com",
      projectId: project.id,
      date: "2026-03-03",
      minutes: 30,
    });
    expect(stranger.status).toBe(400);
    expect((await stranger.json()).error.fields).toMatchObject({
      userEmail: ["No staff member has that address."],
    });
    const noProject = await call("/time-entries", businessToken, {
      userEmail: ada.email,
      projectId: "00000000-0000-4000-8000-000000000000",
      date: "2026-03-03",
      minutes: 30,
    });
    expect(noProject.status).toBe(400);
    await approveWeek({ db, viewer: boss, userId: ada.id, weekStart: "2026-03-02" });
    const locked = await call("/time-entries", businessToken, {
      userEmail: ada.email,
      projectId: project.id,
      date: "2026-03-04",
      minutes: 30,
    });
    expect(locked.status).toBe(409);
    expect((await locked.json()).error.message).toContain("approved");
  });
});
