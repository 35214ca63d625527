import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import * as accept from "#app/routes/auth/accept-invite.tsx";
import * as forgot from "#app/routes/auth/forgot-password.tsx";
import * as login from "#app/routes/auth/login.tsx";
import * as reset from "#app/routes/auth/reset-password.tsx";
import * as setup from "#app/routes/auth/setup.tsx";
import { getAuth, sessionCookieName } from "#server/auth/auth.ts";
import type { AppContext } from "#server/context.ts";
import { parseEnv } from "#server/env.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// Bad input on every sign-in form answers 4xx with a message a person can act on.

const env = parseEnv({
  DATA_DIR: tmpdir(),
  AUTH_SECRET: "forms-secret-forms-secret-forms-secret",
  PUBLIC_URL: "http://frontier.test",
  NODE_ENV: "test",
});

type Answer = {
  data: { ok: boolean; error: string; fieldErrors?: Record<string, string[]> };
  init: { status: number };
};

function post(path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://frontier.test${path}`, { method: "POST", body });
}

describeEachDatabase("sign-in forms refuse bad input", (get) => {
  const context = () =>
    ({
      db: get().db,
      database: get(),
      env,
      nonce: "n",
      clientAddress: "192.0.2.30",
      outcome: {},
    }) as unknown as AppContext;
  const call = async (module: { action: (args: never) => Promise<unknown> }, request: Request) =>
    (await module.action({
      request,
      url: new URL(request.url),
      context: context(),
      params: {},
    } as never)) as Answer;

  it("login: empty and malformed fields", async () => {
    const answer = await call(login, post("/login", { email: "not-an-email", password: "" }));
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors?.email?.[0]).toMatch(/valid email/);
    expect(answer.data.fieldErrors?.password?.[0]).toBe("Enter your password.");
  });

  it("forgot password: a malformed email", async () => {
    const answer = await call(forgot, post("/forgot-password", { email: "nope" }));
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors?.email?.[0]).toMatch(/valid email/);
  });

  it("reset, setup and invitation: short or mismatched passwords, spent links", async () => {
    const short = await call(
      reset,
      post("/reset-password", { token: "x", password: "short", confirmPassword: "short" }),
    );
    expect(short.init.status).toBe(400);
    expect(short.data.fieldErrors?.password?.[0]).toBe("Use at least 12 characters.");
    const long = await call(
      reset,
      post("/reset-password", {
        token: "x",
        password: "y".repeat(129),
        confirmPassword: "y".repeat(129),
      }),
    );
    expect(long.data.fieldErrors?.password?.[0]).toBe("Use at most 128 characters.");
    const mismatch = await call(
      setup,
      post("/setup", {
        token: "x",
        name: "A",
        email: "a@b.test",
        password: "long enough one",
        confirmPassword: "long enough two",
      }),
    );
    expect(mismatch.data.fieldErrors?.confirmPassword?.[0]).toBe("The two passwords do not match.");
    const spent = await call(
      accept,
      post("/accept-invite", {
        token: "unknown",
        name: "A",
        password: "long enough one",
        confirmPassword: "long enough one",
      }),
    );
    expect(spent.init.status).toBe(410);
    expect(spent.data.error).toMatch(/expired or was already used/);
  });
});

describe("session cookie", () => {
  it("is __Host- prefixed and Secure when PUBLIC_URL is https", async () => {
    expect(sessionCookieName({ PUBLIC_URL: "https://frontier.example" })).toBe(
      "__Host-frontier.session",
    );
    expect(sessionCookieName({ PUBLIC_URL: "http://localhost:3000" })).toBe("frontier.session");
    const { createTestDatabase } = await import("#tests/helpers/db.ts");
    const database = await createTestDatabase("pglite");
    try {
      const auth = getAuth({
        db: database.db,
        env: { ...env, PUBLIC_URL: "https://frontier.example" },
      });
      const cookies = (await auth.$context).authCookies.sessionToken;
      expect(cookies.name).toBe("__Host-frontier.session");
      expect(cookies.attributes).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
      });
      expect(cookies.attributes.domain).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
