import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findAuditEvents } from "#server/audit/audit.ts";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { USED_SIGN_IN_CODE_MESSAGE, verifySignInCode } from "#server/auth/sign-in-code.ts";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  findPendingSetup,
  findTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "#server/auth/two-factor.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { authSessions, authTwoFactors, authUsers } from "#server/db/schema/auth.ts";
import type { AppError } from "#server/errors.ts";
import {
  authContext,
  cookieOf,
  siteRequest,
  testAuthEnv,
  thrown,
} from "#tests/helpers/auth-context.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { nextTotpCode, totpCode, wrongTotpCode } from "#tests/helpers/totp.ts";

const env = testAuthEnv();
const PASSWORD = "two factor test password";
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@frontier.test`;

describeEachDatabase("two-factor sign-in", (get) => {
  const context = (address = "192.0.2.50") => authContext(get(), env, address);
  const sessionCount = async (userId: string) =>
    (await get().db.select().from(authSessions).where(eq(authSessions.userId, userId))).length;

  /** The password step: the cookie of the sign-in waiting for its code. */
  async function passwordStep(email: string, address?: string) {
    const result = await signIn(context(address), {
      email,
      password: PASSWORD,
      request: siteRequest("/login"),
    });
    expect(result.needsCode).toBe(true);
    return cookieOf(result.headers);
  }

  async function codeStep(
    pendingCookie: string,
    code: string,
    method: "totp" | "recovery" = "totp",
    address?: string,
  ) {
    const { headers } = await verifySignInCode(context(address), {
      request: siteRequest("/login/code", { cookie: pendingCookie }),
      code,
      method,
    });
    return cookieOf(headers);
  }

  /** A staff account with two-factor sign-in set up: its secret and recovery codes. */
  async function accountWithTwoFactor(label: string) {
    const email = uniqueEmail(label);
    const { id } = await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, role: "admin" },
    );
    const { headers } = await signIn(context(), {
      email,
      password: PASSWORD,
      request: siteRequest("/login"),
    });
    const cookie = cookieOf(headers);
    const signedIn = { request: siteRequest("/admin/account", { cookie }), user: { id, email } };
    const { secret } = await startTwoFactorSetup(context(), signedIn, { password: PASSWORD });
    // The screen shows the same key again (after a reload or a wrong code) until confirmed.
    const pending = await findPendingSetup(context(), { id, email });
    expect(pending?.secret).toBe(secret);
    expect(pending?.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = (await thrown(
      confirmTwoFactorSetup(context(), signedIn, { code: wrongTotpCode(secret) }),
    )) as AppError;
    expect(wrong.status).toBe(400);
    expect((await findTwoFactorStatus(context(), id)).isEnabled).toBe(false);
    const setupCode = totpCode(secret);
    const confirmed = await confirmTwoFactorSetup(context(), signedIn, { code: setupCode });
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(await findPendingSetup(context(), { id, email })).toBeUndefined();
    return {
      id,
      email,
      secret,
      setupCode,
      recoveryCodes: confirmed.recoveryCodes,
      cookie: cookieOf(confirmed.cookies),
    };
  }

  it("sets up TOTP after the password and a first right code, then asks for a code at sign-in", async () => {
    const account = await accountWithTwoFactor("totp");
    expect(await findTwoFactorStatus(context(), account.id)).toEqual({
      isEnabled: true,
      recoveryCodesLeft: 10,
    });
    const pending = await passwordStep(account.email);
    // The password alone gives no session.
    const half = await getSessionUser({
      request: siteRequest("/admin", { cookie: pending }),
      context: context(),
    });
    expect(half.user).toBeNull();
    const wrong = (await thrown(codeStep(pending, wrongTotpCode(account.secret)))) as AppError;
    expect(wrong.status).toBe(401);
    expect(wrong.message).toMatch(/code is not right/);
    // The code the app shows next (the one that turned it on is used up).
    const session = await codeStep(pending, nextTotpCode(account.secret));
    const found = await getSessionUser({
      request: siteRequest("/admin", { cookie: session }),
      context: context(),
    });
    expect(found.user).toMatchObject({ email: account.email });
    expect(found.user && found.hasTwoFactor).toBe(true);
    const audit = await findAuditEvents(get().db, { actorId: account.id, area: "account" });
    expect(audit.rows.map((row) => row.action)).toContain("enable-two-factor");
  }, 120_000);

  it("accepts an authenticator code (its 30-second step) once per account", async () => {
    const account = await accountWithTwoFactor("replay");
    const before = await sessionCount(account.id);
    // The code that turned two-factor sign-in on does not sign in.
    const pending = await passwordStep(account.email);
    const setupReplay = (await thrown(codeStep(pending, account.setupCode))) as AppError;
    expect(setupReplay.status).toBe(401);
    const code = nextTotpCode(account.secret);
    await codeStep(pending, code);
    // The same code for a second sign-in: refused, and so is any code of an earlier step.
    const second = await passwordStep(account.email);
    const replay = (await thrown(codeStep(second, code))) as AppError;
    expect(replay.status).toBe(401);
    expect(replay.message).toBe(USED_SIGN_IN_CODE_MESSAGE);
    const earlier = (await thrown(codeStep(second, totpCode(account.secret)))) as AppError;
    expect(earlier.status).toBe(401);
    expect(await sessionCount(account.id)).toBe(before + 1);
  }, 120_000);

  it("lets one code complete one of several sign-ins sent with it at once", async () => {
    const account = await accountWithTwoFactor("replay-parallel");
    const pendings = await Promise.all(
      ["198.51.100.21", "198.51.100.22", "198.51.100.23"].map((address) =>
        passwordStep(account.email, address),
      ),
    );
    const before = await sessionCount(account.id);
    const code = nextTotpCode(account.secret);
    const settled = await Promise.allSettled(
      pendings.map((pending, n) => codeStep(pending, code, "totp", `198.51.100.2${n + 1}`)),
    );
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of settled)
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 401 });
    expect(await sessionCount(account.id)).toBe(before + 1);
  }, 120_000);

  it("takes each recovery code once, and new codes replace the old ones", async () => {
    const account = await accountWithTwoFactor("recovery");
    const [first, second] = account.recoveryCodes;
    expect(await codeStep(await passwordStep(account.email), first, "recovery")).toContain(
      "frontier.session",
    );
    const reused = (await thrown(
      codeStep(await passwordStep(account.email), first, "recovery"),
    )) as AppError;
    expect(reused.status).toBe(401);
    expect(reused.message).toMatch(/works once/);
    const session = await codeStep(await passwordStep(account.email), second, "recovery");
    expect((await findTwoFactorStatus(context(), account.id)).recoveryCodesLeft).toBe(8);

    const signedIn = {
      request: siteRequest("/admin/account", { cookie: session }),
      user: { id: account.id, email: account.email },
    };
    const wrongPassword = (await thrown(
      regenerateRecoveryCodes(context(), signedIn, { password: "not the password" }),
    )) as AppError;
    expect(wrongPassword.fieldErrors?.accountPassword?.[0]).toMatch(/not right/);
    const { recoveryCodes } = await regenerateRecoveryCodes(context(), signedIn, {
      password: PASSWORD,
    });
    expect(recoveryCodes).toHaveLength(10);
    const old = (await thrown(
      codeStep(await passwordStep(account.email), account.recoveryCodes[2], "recovery"),
    )) as AppError;
    expect(old.status).toBe(401);
    expect(
      await codeStep(await passwordStep(account.email), recoveryCodes[0], "recovery"),
    ).toContain("frontier.session");
    const audit = await findAuditEvents(get().db, { actorId: account.id, area: "account" });
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(["regenerate-recovery-codes", "use-recovery-code"]),
    );
  }, 120_000);

  it("counts wrong codes like wrong passwords: the account locks, and a right password does not reset it", async () => {
    const account = await accountWithTwoFactor("code-limit");
    const wrong = wrongTotpCode(account.secret);
    const first = await passwordStep(account.email, "198.51.100.1");
    for (let n = 0; n < 3; n++)
      expect(
        ((await thrown(codeStep(first, wrong, "totp", "198.51.100.1"))) as AppError).status,
      ).toBe(401);
    // Signing in with the password again starts a new challenge but keeps the count.
    const second = await passwordStep(account.email, "198.51.100.2");
    for (let n = 3; n < SIGN_IN_LIMITS.account.max; n++)
      expect(
        ((await thrown(codeStep(second, wrong, "totp", "198.51.100.2"))) as AppError).status,
      ).toBe(401);
    const locked = (await thrown(
      codeStep(second, totpCode(account.secret), "totp", "198.51.100.3"),
    )) as AppError;
    expect(locked.status).toBe(429);
    const passwordLocked = (await thrown(
      signIn(context("198.51.100.4"), {
        email: account.email,
        password: PASSWORD,
        request: siteRequest("/login"),
      }),
    )) as AppError;
    expect(passwordLocked.status).toBe(429);
  }, 120_000);

  it("turns two-factor sign-in off with the password", async () => {
    const account = await accountWithTwoFactor("disable");
    const signedIn = {
      request: siteRequest("/admin/account", { cookie: account.cookie }),
      user: { id: account.id, email: account.email },
    };
    await disableTwoFactor(context(), signedIn, { password: PASSWORD });
    const result = await signIn(context(), {
      email: account.email,
      password: PASSWORD,
      request: siteRequest("/login"),
    });
    expect(result.needsCode).toBe(false);
    expect(cookieOf(result.headers)).toContain("frontier.session");
  }, 120_000);
});

describe("npm run user -- reset-2fa", () => {
  it("turns two-factor sign-in off for a lost device and signs the account out everywhere", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-reset-2fa-"));
    const email = uniqueEmail("lost-phone");
    let database = await openDatabase({ dataDir });
    try {
      const context = authContext(database, env);
      const { id } = await createStaffUser(
        { db: database.db },
        { email, password: PASSWORD, role: "clientManager" },
      );
      const { headers } = await signIn(context, {
        email,
        password: PASSWORD,
        request: siteRequest("/login"),
      });
      const signedIn = {
        request: siteRequest("/admin/account", { cookie: cookieOf(headers) }),
        user: { id, email },
      };
      const { secret } = await startTwoFactorSetup(context, signedIn, { password: PASSWORD });
      await confirmTwoFactorSetup(context, signedIn, { code: totpCode(secret) });
    } finally {
      await database.close();
    }

    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/auth/cli.ts", "reset-2fa", "--email", email],
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" },
        encoding: "utf8",
      },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Two-factor sign-in is off for/);
    const unknown = spawnSync(
      process.execPath,
      ["--import", "tsx", "server/auth/cli.ts", "reset-2fa", "--email", "nobody@frontier.test"],
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" },
        encoding: "utf8",
      },
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no staff account/);

    database = await openDatabase({ dataDir });
    try {
      const [user] = await database.db
        .select({ id: authUsers.id, twoFactorEnabled: authUsers.twoFactorEnabled })
        .from(authUsers)
        .where(eq(authUsers.email, email));
      expect(user.twoFactorEnabled).toBe(false);
      expect(
        await database.db.select().from(authSessions).where(eq(authSessions.userId, user.id)),
      ).toEqual([]);
      expect(
        await database.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, user.id)),
      ).toEqual([]);
      const audit = await findAuditEvents(database.db, { area: "team" });
      expect(audit.rows[0]).toMatchObject({ action: "reset-two-factor", recordId: user.id });
      // The password alone signs in again; the person sets two-factor sign-in up anew.
      const result = await signIn(authContext(database, env), {
        email,
        password: PASSWORD,
        request: siteRequest("/login"),
      });
      expect(result.needsCode).toBe(false);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
