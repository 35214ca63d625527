import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { TWO_FACTOR_SETUP_PATH } from "#server/auth/guard.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "#server/auth/two-factor.ts";
import { setTwoFactorRequired } from "#server/auth/two-factor-policy.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { getPublishedNavigation } from "#server/settings/navigation.ts";
import { demoNavigation } from "#shared/site-navigation.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";
import { totpCode } from "#tests/helpers/totp.ts";

// Walks every admin route of app/routes.ts (read from the route table itself)
// and calls its loader and action as anonymous, none, clientManager and admin.
// A new admin route without a guard fails here: anonymous must go to /login.

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type Access = "staff" | "admin" | "self" | "index" | "shell";
type Who = "anonymous" | "none" | "clientManager" | "admin";
type Outcome = "login" | "no-access" | "admin-only" | "set-up-two-factor" | "allowed";

const appDir = path.resolve(import.meta.dirname, "../../app");

function flatten(list: RouteEntry[], base = ""): Array<{ path: string; file: string }> {
  return list.flatMap((entry) => {
    const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    const self = { path: full || "/", file: entry.file };
    return [self, ...(entry.children ? flatten(entry.children, full) : [])];
  });
}

const adminRoutes = flatten(routes as RouteEntry[]).filter(
  (route) => route.path.startsWith("/admin") || route.file.startsWith("routes/admin/"),
);

/** SPEC.md section 6: what each admin route allows. Anything not listed is admin only. */
function accessOf(route: { path: string; file: string }): Access {
  // The inbox: client managers read and answer the portal's project threads (decision 415);
  // its visitor-chat actions stay admin only (tests/integration/inbox-client-threads.test.ts).
  if (route.path === "/admin/chat") return "staff";
  if (route.file === "routes/admin/layout.tsx") return "shell";
  if (route.path === "/admin") return "index";
  if (route.path === "/admin/account" || route.path.startsWith("/admin/account/")) return "self";
  if (/^\/admin\/(clients|proposals|invoices|projects)(\/|$)/.test(route.path)) return "staff";
  // Time and reports: everyone logs their own time (decision 421); rates and cost are admins'.
  if (route.path === "/admin/time/rates") return "admin";
  if (/^\/admin\/(time|reports)(\/|$)/.test(route.path)) return "staff";
  return "admin";
}

const expected: Record<Access, Record<Who, Outcome>> = {
  staff: { anonymous: "login", none: "no-access", clientManager: "allowed", admin: "allowed" },
  admin: { anonymous: "login", none: "no-access", clientManager: "admin-only", admin: "allowed" },
  self: { anonymous: "login", none: "allowed", clientManager: "allowed", admin: "allowed" },
  index: { anonymous: "login", none: "no-access", clientManager: "allowed", admin: "allowed" },
  shell: { anonymous: "login", none: "allowed", clientManager: "allowed", admin: "allowed" },
};

function classify(result: unknown): Outcome {
  if (result instanceof Response && result.status >= 300 && result.status < 400) {
    const location = result.headers.get("Location") ?? "";
    if (location.startsWith("/login?redirectTo=")) return "login";
    if (location === TWO_FACTOR_SETUP_PATH) return "set-up-two-factor";
    if (location === "/admin")
      return result.headers.get("Set-Cookie")?.includes("fr_toast") ? "admin-only" : "no-access";
  }
  if (result instanceof Response && result.status === 403) return "no-access";
  if (
    result &&
    typeof result === "object" &&
    (result as { hasAccess?: boolean }).hasAccess === false
  )
    return "no-access";
  return "allowed";
}

async function outcomeOf(call: () => Promise<unknown>) {
  try {
    return classify(await call());
  } catch (error) {
    if (error instanceof Response) return classify(error);
    // Past the guard, a loader may still refuse made-up ids: that is not a guard outcome.
    return "allowed";
  }
}

describe("every admin route and action is guarded (SPEC.md section 6)", () => {
  let database: Database;
  const cookies: Partial<Record<Who, string>> = {};
  const env = parseEnv({
    DATA_DIR: tmpdir(),
    AUTH_SECRET: "route-walk-secret-route-walk-secret-12",
    PUBLIC_URL: "http://frontier.test",
    NODE_ENV: "test",
  });
  const context = () =>
    ({
      db: database.db,
      database,
      env,
      nonce: "test",
      clientAddress: "192.0.2.10",
      outcome: {},
    }) as unknown as AppContext;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (const role of ["none", "clientManager", "admin"] as const) {
      const email = `walk-${role.toLowerCase()}@frontier.test`;
      const password = "route walk password";
      await createStaffUser({ db: database.db }, { email, password, role });
      const { headers } = await signIn(context(), {
        email,
        password,
        request: new Request("http://frontier.test/login"),
      });
      cookies[role] = headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }
    return () => database.close();
  }, 120_000);

  it("finds the admin routes in the route table", () => {
    expect(adminRoutes.length).toBeGreaterThan(30);
    expect(adminRoutes.map((route) => route.path)).toContain("/admin/team");
    // The API's and the webhooks' screens hand out credentials: admins only (accessOf's default).
    for (const path of ["/admin/api-tokens", "/admin/webhooks", "/admin/webhooks/:id"]) {
      expect(adminRoutes.map((route) => route.path)).toContain(path);
      expect(accessOf({ path, file: "" })).toBe("admin");
    }
  });

  it("walks /admin/analytics as admin-only (its figures and attribution are for admins)", () => {
    const analytics = adminRoutes.find((route) => route.path === "/admin/analytics");
    expect(analytics?.file).toBe("routes/admin/analytics/index.tsx");
    expect(analytics && accessOf(analytics)).toBe("admin");
  });

  for (const route of adminRoutes) {
    const access = accessOf(route);
    it(`${route.path} (${route.file}) allows ${access}`, async () => {
      for (const who of ["anonymous", "none", "clientManager", "admin"] as const)
        await expectOutcomes(route, who === "anonymous" ? undefined : cookies[who], context(), {
          loader: expected[access][who],
          action: expected[access][who],
          label: who,
        });
    });
  }

  it("keeps the navigation settings from a clientManager: no menus read, no change made", async () => {
    const module = (await import(path.join(appDir, "routes/admin/settings/navigation.tsx"))) as {
      loader: (args: unknown) => Promise<unknown>;
      action: (args: unknown) => Promise<unknown>;
    };
    const url = "http://frontier.test/admin/settings/navigation";
    const headers = { Cookie: cookies.clientManager ?? "" };
    const read = await module
      .loader({
        request: new Request(url, { headers }),
        url: new URL(url),
        context: context(),
        params: {},
      })
      .catch((thrown: unknown) => thrown);
    expect(classify(read)).toBe("admin-only");
    expect(JSON.stringify(read)).not.toContain("About Us");

    const before = await getPublishedNavigation(database.db);
    const body = new FormData();
    body.set("intent", "publish");
    body.set("navigation", JSON.stringify(demoNavigation));
    const changed = await module
      .action({
        request: new Request(url, { method: "POST", headers, body }),
        url: new URL(url),
        context: context(),
        params: {},
      })
      .catch((thrown: unknown) => thrown);
    expect(classify(changed)).toBe("admin-only");
    expect(await getPublishedNavigation(database.db)).toEqual(before);
    expect(before).not.toEqual(demoNavigation);
  });
});

type Expectation = { loader: Outcome; action: Outcome; label: string };

/** Calls the route's loader and action (with a made-up intent) and checks what each answers. */
async function expectOutcomes(
  route: { path: string; file: string },
  cookie: string | undefined,
  context: AppContext,
  expectation: Expectation,
) {
  const module = (await import(path.join(appDir, route.file))) as {
    loader?: (args: unknown) => Promise<unknown>;
    action?: (args: unknown) => Promise<unknown>;
  };
  expect(
    module.loader ?? module.action,
    `${route.file} has neither loader nor action`,
  ).toBeDefined();
  const url = `http://frontier.test${route.path.replace(/:(\w+)/g, () => randomUUID())}`;
  const params = { id: randomUUID(), "*": "x" };
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (module.loader) {
    const request = new Request(url, { headers });
    const outcome = await outcomeOf(() =>
      (module.loader as (args: unknown) => Promise<unknown>)({ request, context, params }),
    );
    expect(outcome, `loader of ${route.path} as ${expectation.label}`).toBe(expectation.loader);
  }
  if (module.action) {
    const body = new FormData();
    body.set("intent", "guard-walk");
    const request = new Request(url, { method: "POST", headers, body });
    const outcome = await outcomeOf(() =>
      (module.action as (args: unknown) => Promise<unknown>)({ request, context, params }),
    );
    expect(outcome, `action of ${route.path} as ${expectation.label}`).toBe(expectation.action);
  }
}

// With "Require two-factor sign-in for all staff" on, an account without it reaches nothing
// in /admin but the set-up on /admin/account (and the shell around it), whatever its role.
describe("with two-factor sign-in required, every admin route sends an account without it to set it up", () => {
  let database: Database;
  const cookies: Record<"withTwoFactor" | "admin" | "clientManager" | "none", string> = {
    withTwoFactor: "",
    admin: "",
    clientManager: "",
    none: "",
  };
  const env = parseEnv({
    DATA_DIR: tmpdir(),
    AUTH_SECRET: "route-walk-2fa-secret-route-walk-2fa-1",
    PUBLIC_URL: "http://frontier.test",
    NODE_ENV: "test",
  });
  const context = () =>
    ({
      db: database.db,
      database,
      env,
      nonce: "test",
      clientAddress: "192.0.2.11",
      outcome: {},
    }) as unknown as AppContext;
  const password = "route walk password";
  const cookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  const signedIn = async (email: string) =>
    cookieOf(
      (
        await signIn(context(), {
          email,
          password,
          request: new Request("http://frontier.test/login"),
        })
      ).headers,
    );

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const boss = await createStaffUser(
      { db: database.db },
      { email: "walk-2fa-boss@frontier.test", password, role: "admin" },
    );
    const request = new Request("http://frontier.test/admin/account", {
      headers: { Cookie: await signedIn(boss.email) },
    });
    const me = { request, user: { id: boss.id, email: boss.email } };
    const { secret } = await startTwoFactorSetup(context(), me, { password });
    const { cookies: session } = await confirmTwoFactorSetup(context(), me, {
      code: totpCode(secret),
    });
    cookies.withTwoFactor = cookieOf(session);
    await setTwoFactorRequired({ db: database.db }, { isRequired: true }, { id: boss.id });
    for (const role of ["none", "clientManager", "admin"] as const) {
      const email = `walk-2fa-${role.toLowerCase()}@frontier.test`;
      await createStaffUser({ db: database.db }, { email, password, role });
      cookies[role] = await signedIn(email);
    }
    return () => database.close();
  }, 120_000);

  for (const route of adminRoutes) {
    const access = accessOf(route);
    it(`${route.path} (${route.file})`, async () => {
      for (const who of ["none", "clientManager", "admin"] as const) {
        // The set-up page and the shell around it open; its other steps, and all else, do not.
        const loader =
          route.path === "/admin/account" || access === "shell" ? "allowed" : "set-up-two-factor";
        const action = access === "shell" ? "allowed" : "set-up-two-factor";
        await expectOutcomes(route, cookies[who], context(), {
          loader,
          action,
          label: `${who} without two-factor`,
        });
      }
      await expectOutcomes(route, cookies.withTwoFactor, context(), {
        loader: expected[access].admin,
        action: expected[access].admin,
        label: "admin with two-factor",
      });
    });
  }

  it("lets an account without two-factor sign-in start and confirm the set-up", async () => {
    const module = await import(path.join(appDir, "routes/admin/account/index.tsx"));
    const body = new FormData();
    body.set("intent", "start-two-factor");
    body.set("accountPassword", password);
    const request = new Request("http://frontier.test/admin/account", {
      method: "POST",
      headers: { Cookie: cookies.clientManager },
      body,
    });
    expect(
      await module.action({ request, url: new URL(request.url), context: context(), params: {} }),
    ).toEqual({ ok: true });
  }, 60_000);
});

// Every way into staff data (pages, resource routes, downloads, token creation, the chat
// socket) takes the session through checkStaffSession (server/auth/guard.ts), which applies
// the two-factor rule; reading the session directly is left to the files below, none of
// which serves staff data (decision 216).
describe("one check of the staff session", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const readers = new Map<string, string>([
    ["server/auth/session.ts", "defines it"],
    ["server/auth/guard.ts", "checkStaffSession, requireUser and requireRole"],
    ["app/routes/auth/login.tsx", "sends a signed-in person on, shows nothing"],
    ["app/routes/auth/login-code.tsx", "sends a signed-in person on, shows nothing"],
    ["app/routes/admin/account/index.tsx", "the session id, after requireUser"],
  ]);

  it("is the only way anything reads the staff session", () => {
    const files = [
      ...readdirSync(path.join(root, "app"), { recursive: true }).map((file) => `app/${file}`),
      ...readdirSync(path.join(root, "server"), { recursive: true }).map(
        (file) => `server/${file}`,
      ),
    ].filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(300);
    const direct = files.filter((file) =>
      /\bgetSessionUser\(|auth\.api\.getSession\(|\.api\.getSession\(/.test(
        readFileSync(path.join(root, file), "utf8"),
      ),
    );
    expect(direct.sort()).toEqual([...readers.keys()].sort());
    const socket = readFileSync(path.join(root, "server/chat/staff-sessions.ts"), "utf8");
    expect(socket).toContain("checkStaffSession(");
  });
});
