import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

// Behind one appending proxy (TRUST_PROXY=1) the client's address is the entry the proxy
// added: the right-most. Whatever a client writes to the left of it must not give it a fresh
// per-address sign-in allowance on each request.
describe("the per-address sign-in limit behind a proxy (TRUST_PROXY=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  function wrongSignIn(index: number, forwardedFor: string) {
    return fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": forwardedFor,
      },
      body: new URLSearchParams({
        email: `nobody-${index}-${Date.now()}@example.test`,
        password: "not the password",
      }),
    });
  }

  // Each try (a retry too) is a client of its own, so it starts with a fresh allowance.
  const someAddress = () =>
    `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

  it(
    "counts rotating left-most entries from one client as that one client",
    async () => {
      const limit = SIGN_IN_LIMITS.address.max;
      const client = someAddress();
      const neighbour = someAddress();
      const statuses: number[] = [];
      for (let index = 0; index < limit + 5; index++) {
        // What an appending proxy forwards when the client sent its own X-Forwarded-For.
        const response = await wrongSignIn(index, `198.51.100.${index + 1}, ${client}`);
        statuses.push(response.status);
        if (response.status === 429)
          expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, limit)).toEqual(Array.from({ length: limit }, () => 401));
      expect(statuses.slice(limit)).toEqual(Array.from({ length: 5 }, () => 429));

      // Another client behind the same proxy still has its own allowance.
      const other = await wrongSignIn(999, `198.51.100.1, ${neighbour}`);
      expect(other.status).toBe(401);
      // Each wrong sign-in checks a password hash: slow work on a busy machine.
    },
    budget(300_000),
  );
});
