import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { PUBLISH_SCHEDULED_JOB } from "#server/content-admin/publishing.ts";
import { openDatabase } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { STAFF_PASSWORD, signInCookie, uniqueStaffEmail } from "#tests/helpers/auth.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

/**
 * Two app instances on one PostgreSQL, as behind a load balancer. (The page
 * cache crossing instances is proved in public-cache.spec.ts and chat messages
 * crossing in tests/integration/chat-two-instances.test.ts.)
 */
describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let temp: Awaited<ReturnType<typeof createTempPostgresDatabase>>;
  let first: RunningServer;
  let second: RunningServer;
  const admin = { email: uniqueStaffEmail("scale-admin"), password: STAFF_PASSWORD };

  beforeAll(async () => {
    temp = await createTempPostgresDatabase();
    const database = await openDatabase({ databaseUrl: temp.url });
    await createStaffUser({ db: database.db }, { ...admin, name: "Scale Admin", role: "admin" });
    await database.close();
    // Instances behind one load balancer share the database and the secret.
    const env = {
      DATABASE_URL: temp.url,
      PUBLIC_URL: "http://127.0.0.1",
      AUTH_SECRET: "a-shared-secret-for-both-instances-0123456789",
    };
    [first, second] = await Promise.all([startServer({ env }), startServer({ env })]);
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await temp?.drop();
  });

  it("accepts a session made on one instance on the other", async () => {
    const cookie = await signInCookie(first, admin);
    const response = await fetch(`${second.url}/admin`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sign Out");
    // Signing out on the second ends it on the first.
    const signOut = await fetch(`${second.url}/logout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: second.url },
      redirect: "manual",
    });
    expect([302, 303]).toContain(signOut.status);
    const after = await fetch(`${first.url}/admin`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/login");
  });

  it("shares the sign-in limits: failures on one instance lock the account on the other", async () => {
    const target = { email: uniqueStaffEmail("scale-locked"), password: STAFF_PASSWORD };
    const database = await openDatabase({ databaseUrl: temp.url });
    await createStaffUser(
      { db: database.db },
      { ...target, name: "Locked", role: "clientManager" },
    );
    await database.close();
    const attempt = (server: RunningServer) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({
          email: target.email,
          password: "wrong password here",
          redirectTo: "/admin",
        }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.account.max; i++)
      statuses.push((await attempt(i % 2 ? second : first)).status);
    expect(statuses.every((status) => status === 401 || status === 400)).toBe(true);
    const locked = await attempt(second);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right password is refused now, on either instance.
    const right = await fetch(`${first.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
      body: new URLSearchParams({
        email: target.email,
        password: target.password,
        redirectTo: "/admin",
      }),
    });
    expect(right.status).toBe(429);
  });

  it(
    "runs a scheduled job once per interval, whichever instance claims it",
    async () => {
      const database = await openDatabase({ databaseUrl: temp.url });
      try {
        // The publishing job recurs every 15 s on both instances; wait for two slots to pass.
        const deadline = Date.now() + 40_000;
        let rows: Array<typeof jobs.$inferSelect> = [];
        while (Date.now() < deadline) {
          rows = await database.db
            .select()
            .from(jobs)
            .where(
              and(
                eq(jobs.kind, PUBLISH_SCHEDULED_JOB),
                like(jobs.uniqueKey, `${PUBLISH_SCHEDULED_JOB}@%`),
              ),
            );
          if (rows.filter((row) => row.status === "done").length >= 2) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const done = rows.filter((row) => row.status === "done");
        expect(done.length).toBeGreaterThanOrEqual(2);
        expect(new Set(rows.map((row) => row.uniqueKey)).size).toBe(rows.length);
        for (const row of done) expect(row.attempts).toBe(1);
      } finally {
        await database.close();
      }
    },
    budget(60_000),
  );
});
