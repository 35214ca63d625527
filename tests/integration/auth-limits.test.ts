import { expect, it } from "vitest";
import * as account from "#app/routes/admin/account/index.tsx";
import { beginAttempt, SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppError } from "#server/errors.ts";
import {
  authContext,
  cookieOf,
  siteRequest,
  testAuthEnv,
  thrown,
} from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

const env = testAuthEnv();
const PASSWORD = "limits test password";
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@frontier.test`;

describeEachDatabase("brute-force limits hold for parallel attempts", (get) => {
  it("counts an IPv6 client by its /64: a new address per guess is the same client", async () => {
    const network = `2001:db8:${(Date.now() % 65536).toString(16)}:1`;
    const guesses = Array.from({ length: SIGN_IN_LIMITS.address.max }, (_, n) =>
      beginAttempt(get().db, { email: uniqueEmail(`spray-${n}`), address: `${network}::${n + 1}` }),
    );
    await Promise.all(guesses);
    const refused = (await thrown(
      beginAttempt(get().db, { email: uniqueEmail("one-more"), address: `${network}::ffff` }),
    )) as AppError;
    expect(refused.status).toBe(429);
    // Another /64 is another client.
    await beginAttempt(get().db, { email: uniqueEmail("neighbour"), address: `${network}0::1` });
  });

  it("lets only 5 of 60 simultaneous sign-ins for one account reach the password check", async () => {
    const email = uniqueEmail("parallel");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" });
    const context = authContext(get(), env, "203.0.113.60");
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        thrown(
          signIn(context, { email, password: `wrong guess ${n}!`, request: siteRequest("/login") }),
        ),
      ),
    );
    const statuses = answers.map((error) => (error as AppError).status);
    // A 401 is a password that was checked; a 429 was refused before any check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.account.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      60 - SIGN_IN_LIMITS.account.max,
    );
  }, 120_000);

  type Answer = { data: { ok: boolean; error: string }; init: { status: number } | null };

  async function changePassword(cookie: string, address: string, currentPassword: string) {
    const request = siteRequest("/admin/account", {
      cookie,
      form: {
        intent: "change-password",
        currentPassword,
        password: "a fresh long password",
        confirmPassword: "a fresh long password",
      },
    });
    return (await account.action({
      request,
      url: new URL(request.url),
      context: authContext(get(), env, address),
      params: {},
    } as never)) as Answer;
  }

  it("limits the current-password check on /admin/account like sign-in, sharing its counters", async () => {
    const email = uniqueEmail("account-page");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    const { headers } = await signIn(authContext(get(), env), {
      email,
      password: PASSWORD,
      request: siteRequest("/login"),
    });
    const cookie = cookieOf(headers);
    for (let n = 0; n < SIGN_IN_LIMITS.account.max; n++) {
      const wrong = await changePassword(cookie, `198.51.100.${n}`, `not it ${n} at all`);
      expect(wrong.init?.status).toBe(400);
    }
    // The right password is refused now, on this page and at sign-in.
    const locked = await changePassword(cookie, "198.51.100.99", PASSWORD);
    expect(locked.init?.status).toBe(429);
    expect(locked.data.error).toMatch(/Try again in 15 minutes/);
    const signInLocked = (await thrown(
      signIn(authContext(get(), env, "203.0.113.5"), {
        email,
        password: PASSWORD,
        request: siteRequest("/login"),
      }),
    )) as AppError;
    expect(signInLocked.status).toBe(429);
  }, 120_000);

  it("failed sign-ins lock the current-password check too", async () => {
    const email = uniqueEmail("shared");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" });
    const { headers } = await signIn(authContext(get(), env), {
      email,
      password: PASSWORD,
      request: siteRequest("/login"),
    });
    for (let n = 0; n < SIGN_IN_LIMITS.account.max; n++)
      await thrown(
        signIn(authContext(get(), env, `198.51.100.${n}`), {
          email,
          password: `wrong guess ${n}!`,
          request: siteRequest("/login"),
        }),
      );
    const locked = await changePassword(cookieOf(headers), "192.0.2.44", PASSWORD);
    expect(locked.init?.status).toBe(429);
  }, 120_000);
});
