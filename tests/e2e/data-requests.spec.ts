/**
 * Requests as the router sends them once a page has hydrated: `<path>.data`, with React
 * Router's own `index` and `_routes` parameters beside the page's. Loaders and actions get the
 * request as it came (decision 740) and read their address from `url`, so a filter is read from
 * the page's query, an action's redirect keeps that query and never React Router's parameters,
 * and `?index` reaches the index route's action rather than its layout's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  postAsStaff,
  type ServerWithStaff,
  signInCookie,
  startServerWithStaff,
  uniqueStaffEmail,
} from "#tests/helpers/auth.ts";
import { uniqueSuffix } from "#tests/helpers/business.ts";

let server: ServerWithStaff;
let cookie: string;

beforeAll(async () => {
  server = await startServerWithStaff();
  cookie = await signInCookie(server, server.staff.admin);
});

afterAll(async () => {
  await server?.stop();
});

const post = (target: string, fields: Record<string, string>) =>
  postAsStaff(server, cookie, target, fields);

/**
 * Where a data request's redirect points. React Router answers it as data for the router to
 * follow (202 and a turbo-stream payload), not as a 3xx: an action's payload is the redirect
 * itself, a loader's is tagged "SingleFetchRedirect". Keys and values are indexes into the list.
 */
async function redirectOf(response: Response) {
  expect(response.status).toBe(202);
  const list = JSON.parse(await response.text()) as unknown[];
  const root = Array.isArray(list[0]) ? list[(list[0] as [string, number])[1]] : list[0];
  const fields = root as Record<string, number>;
  const key = Object.keys(fields).find((name) => list[Number(name.slice(1))] === "redirect");
  return key === undefined ? undefined : list[fields[key]];
}

const unique = (label: string) => `${label}-${uniqueSuffix()}@example.test`;

describe("data requests (.data) through the real server", () => {
  it("redirects an action to the page's own address, query kept, React Router's parameters left out", async () => {
    const email = unique("redirect");
    const response = await post(
      `/admin/subscribers.data?q=${encodeURIComponent("redirect-")}&page=1&_routes=routes%2Fadmin%2Fsubscribers%2Findex`,
      { intent: "add", email },
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await redirectOf(response)).toBe("/admin/subscribers?q=redirect-&page=1");

    // The redirect's target lists the subscriber the action added.
    const list = await fetch(`${server.url}/admin/subscribers?q=${encodeURIComponent(email)}`, {
      headers: { Cookie: cookie },
    });
    expect(await list.text()).toContain(email);
  });

  it("gives a loader the page's query as its filter, not the .data address", async () => {
    const kept = unique("kept");
    const other = unique("other");
    for (const email of [kept, other]) {
      const added = await post("/admin/subscribers", { intent: "add", email });
      expect(added.status).toBe(302);
    }
    const response = await fetch(
      `${server.url}/admin/subscribers.data?q=${encodeURIComponent(kept)}&_routes=routes%2Fadmin%2Fsubscribers%2Findex`,
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(200);
    const payload = await response.text();
    expect(payload).toContain(kept);
    expect(payload).not.toContain(other);
  });

  it("reaches the index route's action with ?index and answers with its data", async () => {
    const email = uniqueStaffEmail("invited");
    const response = await post("/admin/team.data?index", {
      intent: "invite",
      email,
      role: "clientManager",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("SingleFetchRedirect");
    const outbox = await fetch(`${server.url}/admin/outbox?to=${encodeURIComponent(email)}`, {
      headers: { Cookie: cookie },
    });
    expect(await outbox.text()).toMatch(/accept-invite\?token=/);
  });

  it("refuses a signed-out data request with the router's redirect to sign in", async () => {
    const response = await fetch(
      `${server.url}/admin/subscribers.data?q=x&_routes=routes%2Fadmin%2Fsubscribers%2Findex`,
      { redirect: "manual" },
    );
    // Back to the page itself after signing in: its query, not the .data address.
    expect(await redirectOf(response)).toBe(
      `/login?${new URLSearchParams({ redirectTo: "/admin/subscribers?q=x" })}`,
    );
  });
});
