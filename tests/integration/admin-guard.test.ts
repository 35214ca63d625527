import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { getPublishedNavigation } from "#server/settings/navigation.ts";
import { demoNavigation } from "#shared/site-navigation.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";

// Walks every admin route of app/routes.ts (read from the route table itself)
// and calls its loader and action as anonymous, none, clientManager and admin.
// A new admin route without a guard fails here: anonymous must go to /login.

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type Access = "staff" | "admin" | "self" | "index" | "shell";
type Who = "anonymous" | "none" | "clientManager" | "admin";
type Outcome = "login" | "no-access" | "admin-only" | "allowed";

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
  if (route.path === "/admin/account") return "self";
  if (/^\/admin\/(clients|proposals|invoices|projects)(\/|$)/.test(route.path)) return "staff";
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
  });

  for (const route of adminRoutes) {
    const access = accessOf(route);
    it(`${route.path} (${route.file}) allows ${access}`, async () => {
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
      for (const who of ["anonymous", "none", "clientManager", "admin"] as const) {
        const headers = new Headers();
        if (who !== "anonymous") headers.set("Cookie", cookies[who] ?? "");
        if (module.loader) {
          const request = new Request(url, { headers });
          const outcome = await outcomeOf(() =>
            (module.loader as (args: unknown) => Promise<unknown>)({
              request,
              context: context(),
              params,
            }),
          );
          expect(outcome, `loader of ${route.path} as ${who}`).toBe(expected[access][who]);
        }
        if (module.action) {
          const body = new FormData();
          body.set("intent", "guard-walk");
          const request = new Request(url, { method: "POST", headers, body });
          const outcome = await outcomeOf(() =>
            (module.action as (args: unknown) => Promise<unknown>)({
              request,
              context: context(),
              params,
            }),
          );
          expect(outcome, `action of ${route.path} as ${who}`).toBe(expected[access][who]);
        }
      }
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
      .loader({ request: new Request(url, { headers }), context: context(), params: {} })
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
        context: context(),
        params: {},
      })
      .catch((thrown: unknown) => thrown);
    expect(classify(changed)).toBe("admin-only");
    expect(await getPublishedNavigation(database.db)).toEqual(before);
    expect(before).not.toEqual(demoNavigation);
  });
});
