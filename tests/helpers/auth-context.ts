import { tmpdir } from "node:os";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { type Env, parseEnv } from "#server/env.ts";

/** Configuration for tests that call the sign-in code directly. */
export function testAuthEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    DATA_DIR: tmpdir(),
    AUTH_SECRET: "auth-tests-secret-auth-tests-secret-1234",
    PUBLIC_URL: "http://frontier.test",
    NODE_ENV: "test",
    ...overrides,
  });
}

/** The `context` a loader or action receives, for a request from `address`. */
export function authContext(database: Database, env: Env, address = "192.0.2.1") {
  return {
    db: database.db,
    database,
    env,
    nonce: "n",
    clientAddress: address,
    outcome: {},
  } as AppContext;
}

/** A request to the site, with a cookie header when signed in. */
export function siteRequest(
  path: string,
  { cookie, form }: { cookie?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (!form) return new Request(`http://frontier.test${path}`, { headers });
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.set(name, value);
  return new Request(`http://frontier.test${path}`, { method: "POST", headers, body });
}

/** The `name=value` pairs of the Set-Cookie headers, as a Cookie header. */
export function cookieOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** What a promise rejected with (fails the test when it resolves). */
export async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
