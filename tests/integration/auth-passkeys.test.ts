import { randomUUID } from "node:crypto";
import { count, like } from "drizzle-orm";
import { expect, it } from "vitest";
import * as loginPasskey from "#app/routes/auth/login-passkey.ts";
import { listPasskeys, PASSKEY_OPTION_LIMITS, removePasskey } from "#server/auth/passkeys.ts";
import { pruneAuthRecords } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { authPasskeys, authVerifications } from "#server/db/schema/auth.ts";
import type { AppError } from "#server/errors.ts";
import {
  authContext,
  cookieOf,
  siteRequest,
  testAuthEnv,
  thrown,
} from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

// The browser ceremony itself is covered by tests/e2e/auth-passkeys.spec.ts (Chromium's
// virtual authenticator); here: what the server answers to bad or foreign input.

const env = testAuthEnv();
type Answer = {
  data: { ok: boolean; error?: string; options?: { challenge?: string } };
  init: { status?: number; headers?: HeadersInit } | null;
};

describeEachDatabase("passkeys on the server", (get) => {
  const call = async (fields: Record<string, string>, cookie?: string) =>
    (await loginPasskey.action({
      request: siteRequest("/login/passkey", { form: fields, cookie }),
      url: new URL("/login/passkey", "http://localhost"),
      context: authContext(get(), env),
      params: {},
    } as never)) as Answer;

  it("hands out a sign-in challenge and refuses unreadable or unknown passkeys with a 4xx", async () => {
    const options = await call({ intent: "options" });
    expect(options.data.ok).toBe(true);
    expect(options.data.options?.challenge).toBeTruthy();
    const cookie = cookieOf(new Headers(options.init?.headers));
    expect(cookie).toContain("passkey");

    const unreadable = await call({ intent: "verify", credential: "{}" }, cookie);
    expect(unreadable.init?.status).toBe(400);
    expect(unreadable.data.error).toMatch(/could not be read/);

    const unknown = await call(
      {
        intent: "verify",
        credential: JSON.stringify({
          id: "dW5rbm93bg",
          rawId: "dW5rbm93bg",
          type: "public-key",
          response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
          clientExtensionResults: {},
        }),
      },
      cookie,
    );
    expect(unknown.init?.status).toBe(401);
    expect(unknown.data.error).toMatch(/not registered here/);

    const bad = await call({ intent: "nonsense" });
    expect(bad.init?.status).toBe(400);
  });

  it("limits challenges per address and overall, stores no more than it answers, and lets them expire", async () => {
    const ask = (address: string) =>
      loginPasskey.action({
        request: siteRequest("/login/passkey", { form: { intent: "options" } }),
        url: new URL("/login/passkey", "http://localhost"),
        context: authContext(get(), env, address),
        params: {},
      } as never) as Promise<Answer>;
    const challenges = async () => {
      const [row] = await get()
        .db.select({ total: count() })
        .from(authVerifications)
        .where(like(authVerifications.value, '%"type":"authentication"%'));
      return row.total;
    };
    // The limits count in fixed windows of a minute: both bursts start early in one, so a
    // window's end in the middle does not hand out a second window's share.
    const left = PASSKEY_OPTION_LIMITS.windowMs - (Date.now() % PASSKEY_OPTION_LIMITS.windowMs);
    if (left < 40_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const before = await challenges();
    // One address, 300 at once (an IPv6 client by its /64, a new address each time).
    const fromOne = await Promise.all(
      Array.from({ length: 300 }, (_, n) => ask(`2001:db8:40:1::${(n + 1).toString(16)}`)),
    );
    const answered = fromOne.filter((answer) => answer.data.ok);
    expect(answered).toHaveLength(PASSKEY_OPTION_LIMITS.perAddress);
    const refused = fromOne.find((answer) => !answer.data.ok);
    expect(refused?.init?.status).toBe(429);
    expect(new Headers(refused?.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused?.data.error).toMatch(/Too many passkey sign-ins/);
    expect(await challenges()).toBe(before + answered.length);

    // Many addresses: the overall limit holds.
    const fromMany = await Promise.all(
      Array.from({ length: 300 }, (_, n) => ask(`198.18.${Math.floor(n / 200)}.${n % 200}`)),
    );
    const allAnswered = answered.length + fromMany.filter((answer) => answer.data.ok).length;
    expect(allAnswered).toBeLessThanOrEqual(PASSKEY_OPTION_LIMITS.overall);
    expect(await challenges()).toBe(before + allAnswered);

    // Expired challenges are refused (Better Auth checks) and removed by the hourly job.
    await get()
      .db.update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerifications.value, '%"type":"authentication"%'));
    await pruneAuthRecords(get().db);
    expect(await challenges()).toBe(0);
  }, 120_000);

  it("removes only the person's own passkeys", async () => {
    const owner = await createStaffUser(
      { db: get().db },
      {
        email: `owner-${randomUUID()}@frontier.test`,
        password: "passkey owner pass",
        role: "admin",
      },
    );
    const other = await createStaffUser(
      { db: get().db },
      {
        email: `other-${randomUUID()}@frontier.test`,
        password: "passkey other pass",
        role: "admin",
      },
    );
    const id = randomUUID();
    await get().db.insert(authPasskeys).values({
      id,
      name: "Owner's phone",
      publicKey: "key",
      userId: owner.id,
      credentialID: randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    const context = authContext(get(), env);
    const signedIn = (user: { id: string; email: string }) => ({
      request: siteRequest("/admin/account"),
      user,
    });
    const refused = (await thrown(
      removePasskey(context, signedIn(other), { passkeyId: id }),
    )) as AppError;
    expect(refused.status).toBe(404);
    expect(await listPasskeys(get().db, owner.id)).toHaveLength(1);
    await removePasskey(context, signedIn(owner), { passkeyId: id });
    expect(await listPasskeys(get().db, owner.id)).toHaveLength(0);
  });
});
