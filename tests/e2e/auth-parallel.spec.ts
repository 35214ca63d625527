import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { RESET_REQUEST_LIMITS } from "#server/auth/links.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { SIGN_IN_REQUEST_LIMITS } from "#server/portal/links.ts";
import { STAFF_PASSWORD, startServerWithStaff, uniqueStaffEmail } from "#tests/helpers/auth.ts";
import { testDatabaseKinds } from "#tests/helpers/db.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

/** The started product on PGlite, or on a PostgreSQL database of its own, with one admin. */
async function startWithAccount(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const server = await startServerWithStaff();
    return { server, email: server.staff.admin.email, drop: async () => {} };
  }
  const temp = await createTempPostgresDatabase();
  const email = uniqueStaffEmail("parallel");
  const database = await openDatabase({ databaseUrl: temp.url });
  try {
    await createStaffUser(
      { db: database.db },
      { email, password: STAFF_PASSWORD, role: "admin", name: "Parallel" },
    );
  } finally {
    await database.close();
  }
  const server = await startServer({ env: { DATABASE_URL: temp.url } });
  return { server, email, drop: temp.drop };
}

for (const kind of testDatabaseKinds) {
  describe(`parallel sign-ins against a running server [${kind}]`, () => {
    let running: { server: RunningServer; email: string; drop: () => Promise<void> };
    beforeAll(async () => {
      running = await startWithAccount(kind);
    });
    afterAll(async () => {
      await running?.server.stop();
      await running?.drop();
    });

    it("60 simultaneous wrong sign-ins for one account from one address: 5 checked, 55 refused", async () => {
      const { server, email } = running;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          fetch(`${server.url}/login`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
            body: new URLSearchParams({ email, password: `wrong guess number ${n}` }),
          }).then((response) => response.status),
        ),
      );
      expect(answers.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.account.max);
      expect(answers.filter((status) => status === 429)).toHaveLength(
        60 - SIGN_IN_LIMITS.account.max,
      );
      // The right password is refused too while the account is locked.
      const locked = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ email, password: STAFF_PASSWORD }),
      });
      expect(locked.status).toBe(429);
    });

    /** `count` identical form posts sent at once; their statuses. */
    function postAtOnce(path: string, fields: Record<string, string>, count = 30) {
      const { server } = running;
      return Promise.all(
        Array.from({ length: count }, () =>
          fetch(`${server.url}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
            body: new URLSearchParams(fields),
          }).then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          }),
        ),
      );
    }

    it("30 simultaneous portal link requests for one address: 5 accepted, 25 refused", async () => {
      const statuses = await postAtOnce("/portal/sign-in", {
        intent: "request",
        email: uniqueStaffEmail("contact"),
      });
      expect(statuses.filter((status) => status === 200)).toHaveLength(
        SIGN_IN_REQUEST_LIMITS.perEmail,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        30 - SIGN_IN_REQUEST_LIMITS.perEmail,
      );
    });

    it("30 simultaneous forgot-password requests for one address: 5 accepted, 25 refused", async () => {
      const statuses = await postAtOnce("/forgot-password", { email: running.email });
      expect(statuses.filter((status) => status === 200)).toHaveLength(
        RESET_REQUEST_LIMITS.perEmail,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        30 - RESET_REQUEST_LIMITS.perEmail,
      );
    });
  });
}
