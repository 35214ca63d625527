import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Role } from "#server/auth/roles.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { launchBrowser } from "./browser";
import { type RunningServer, type StartOptions, serverDataDir, startServer } from "./server";

/**
 * Staff accounts for end-to-end tests.
 *
 * A running server owns its PGlite directory (a lock refuses a second process),
 * so tests cannot run `npm run user` against it. Instead:
 * - `startServerWithStaff()` creates one account per role in a fresh data
 *   directory BEFORE the server starts (with the same createStaffUser the CLI
 *   and /setup use), then starts the server on it;
 * - `createStaff(server, role)` makes a further, unique account on a running
 *   server the way a person would: the server's admin invites it at
 *   /admin/team, the invitation is read from the Outbox, and accepted.
 * - `loginAs(page, server, role)` signs a Playwright page in through /login.
 */

export const STAFF_PASSWORD = "frontier test password";

export type StaffAccount = { email: string; password: string; role: Role };
export type ServerWithStaff = RunningServer & { staff: Record<Role, StaffAccount> };

let counter = 0;
export function uniqueStaffEmail(label: string) {
  return `${label}-${process.pid}-${Date.now()}-${counter++}@staff.test`;
}

export async function startServerWithStaff(options: StartOptions = {}): Promise<ServerWithStaff> {
  const dataDir = await serverDataDir("frontier-staff-", options);
  const staff = {} as Record<Role, StaffAccount>;
  const database = await openDatabase({ dataDir });
  try {
    for (const role of ["admin", "clientManager", "none"] as const) {
      const account = {
        email: uniqueStaffEmail(role.toLowerCase()),
        password: STAFF_PASSWORD,
        role,
      };
      await createStaffUser({ db: database.db }, { ...account, name: `Test ${role}` });
      staff[role] = account;
    }
  } finally {
    await database.close();
  }
  const server = await startServer({ ...options, dataDir });
  const stop = server.stop;
  return {
    ...server,
    staff,
    async stop() {
      const code = await stop();
      if (!options.dataDir && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Signs in over HTTP (no browser) and returns the session cookie header. */
export async function signInCookie(
  server: RunningServer,
  account: { email: string; password: string },
) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({
      email: account.email,
      password: account.password,
      redirectTo: "/admin",
    }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const session = cookies.find((cookie) => cookie.includes("frontier.session"));
  if (response.status !== 302 || !session)
    throw new Error(`sign-in as ${account.email} failed with ${response.status}`);
  return session;
}

/**
 * A form posted as a signed-in staff member's browser posts it (same origin, the session
 * cookie), to a page or to its `.data` address; redirects are returned, not followed.
 */
export function postAsStaff(
  server: { url: string },
  cookie: string,
  target: string,
  form: URLSearchParams | Record<string, string>,
) {
  return fetch(`${server.url}${target}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      Cookie: cookie,
    },
    body: form instanceof URLSearchParams ? form : new URLSearchParams(form),
  });
}

/** A new account with this role on a running server, made through an invitation. */
export async function createStaff(server: ServerWithStaff, role: Role): Promise<StaffAccount> {
  const cookie = await signInCookie(server, server.staff.admin);
  const email = uniqueStaffEmail(role.toLowerCase());
  const invite = await postAsStaff(server, cookie, "/admin/team?index", {
    intent: "invite",
    email,
    role,
  });
  if (invite.status !== 200) throw new Error(`invitation failed with ${invite.status}`);
  const outbox = await fetch(`${server.url}/admin/outbox?to=${encodeURIComponent(email)}`, {
    headers: { Cookie: cookie },
  });
  const token = (await outbox.text()).match(/accept-invite\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation for ${email} in the Outbox`);
  const accepted = await fetch(`${server.url}/accept-invite`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({
      token,
      name: `Test ${role}`,
      password: STAFF_PASSWORD,
      confirmPassword: STAFF_PASSWORD,
    }),
  });
  if (accepted.status !== 302)
    throw new Error(`accepting the invitation failed with ${accepted.status}`);
  return { email, password: STAFF_PASSWORD, role };
}

/**
 * Signs the page in as the server's account for this role (or the given
 * account) through the /login form, and waits for the command center.
 */
export async function loginAs(
  page: Page,
  server: ServerWithStaff,
  role: Role,
  account: StaffAccount = server.staff[role],
) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/admin/);
  return account;
}

/**
 * Console errors other than the browser's own note about a 4xx answer, which a
 * refused form submission (400, 401, 429) produces on purpose.
 */
export function unexpectedErrors(errors: string[]) {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );
}

/**
 * For a spec file (or a describe block): a server with staff accounts and a browser, started
 * before its tests and stopped after them. Tests read `running.server` and `running.browser`.
 */
export function staffServerAndBrowser(options: StartOptions = {}) {
  const running = {} as { server: ServerWithStaff; browser: Browser };
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([
      startServerWithStaff(options),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}
