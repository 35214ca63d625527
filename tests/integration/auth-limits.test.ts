import { expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppError } from "#server/errors.ts";
import { authContext, siteRequest, testAuthEnv, thrown } from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

const env = testAuthEnv();
const PASSWORD = "limits test password";
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@frontier.test`;

describeEachDatabase("brute-force limits hold for parallel attempts", (get) => {
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
});
