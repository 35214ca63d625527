import { tmpdir } from "node:os";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findAuditEvents } from "#server/audit/audit.ts";
import { SIGN_IN_LIMITS } from "#server/auth/attempts.ts";
import { requireRole } from "#server/auth/guard.ts";
import {
  acceptInvitation,
  completeSetup,
  inviteStaffMember,
  issueSetupLink,
  resetPassword,
  sendPasswordResetLink,
} from "#server/auth/links.ts";
import { claimsOf, deriveRole } from "#server/auth/roles.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { signIn } from "#server/auth/sign-in.ts";
import {
  changeOwnPassword,
  createStaffUser,
  disableStaffUser,
  findStaffUsers,
  setStaffRole,
} from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import { authSessions, mailMessages, signInFailures } from "#server/db/schema/index.ts";
import { parseEnv } from "#server/env.ts";
import type { AppError } from "#server/errors.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

const env = parseEnv({
  DATA_DIR: tmpdir(),
  AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
  PUBLIC_URL: "http://frontier.test",
  NODE_ENV: "test",
});
const PASSWORD = "correct horse battery";
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@frontier.test`;

function request(cookie?: string, path = "/admin") {
  return new Request(`http://frontier.test${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
}

function cookieOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("role derivation (SPEC.md section 6)", () => {
  it("admin claim gives admin, else role clientManager, else none", () => {
    expect(deriveRole({ admin: true, role: "clientManager" })).toBe("admin");
    expect(deriveRole({ admin: true })).toBe("admin");
    expect(deriveRole({ admin: false, role: "clientManager" })).toBe("clientManager");
    expect(deriveRole({ admin: false, role: "editor" })).toBe("none");
    expect(deriveRole({ admin: false })).toBe("none");
    expect(deriveRole(claimsOf({ role: "admin" }))).toBe("admin");
    expect(deriveRole(claimsOf({ role: "clientManager" }))).toBe("clientManager");
    expect(deriveRole(claimsOf({ role: null }))).toBe("none");
    expect(deriveRole(claimsOf({ role: "user" }))).toBe("none");
  });
});

describeEachDatabase("sign-in, sessions and one-time links", (get) => {
  const context = (address = "192.0.2.1") =>
    ({
      db: get().db,
      database: get(),
      env,
      nonce: "n",
      clientAddress: address,
    }) as unknown as AppContext;

  async function signedIn(email: string, password = PASSWORD, address?: string) {
    const { headers } = await signIn(context(address), { email, password, request: request() });
    return cookieOf(headers);
  }

  it("signs in with the right password and gives each sign-in a new token", async () => {
    const email = uniqueEmail("cm");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    const first = await signedIn(email);
    const second = await signedIn(email);
    expect(first).not.toBe(second);
    const found = await getSessionUser({ request: request(first), context: context() });
    expect(found.user).toMatchObject({ email, role: "clientManager" });
  });

  it("answers one message for an unknown user and a wrong password", async () => {
    const email = uniqueEmail("wrong");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" });
    const wrong = (await thrown(signedIn(email, "not the password!!"))) as AppError;
    const unknown = (await thrown(signedIn(uniqueEmail("nobody")))) as AppError;
    expect(wrong.status).toBe(401);
    expect(unknown.message).toBe(wrong.message);
  });

  it("guards by role: none and clientManager are redirected, admin passes", async () => {
    const none = uniqueEmail("none");
    const cm = uniqueEmail("cm");
    const admin = uniqueEmail("admin");
    for (const [email, role] of [
      [none, "none"],
      [cm, "clientManager"],
      [admin, "admin"],
    ] as const)
      await createStaffUser({ db: get().db }, { email, password: PASSWORD, role });
    const args = async (email: string, path: string) => ({
      request: request(await signedIn(email), path),
      context: context(),
    });
    const anonymous = (await thrown(
      requireRole(
        { request: request(undefined, "/admin/clients?q=a"), context: context() },
        "staff",
      ),
    )) as Response;
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fclients%3Fq%3Da");
    const noAccess = (await thrown(
      requireRole(await args(none, "/admin/clients"), "staff"),
    )) as Response;
    expect(noAccess.headers.get("Location")).toBe("/admin");
    const cmOnAdmin = (await thrown(
      requireRole(await args(cm, "/admin/seo"), "admin"),
    )) as Response;
    expect(cmOnAdmin.headers.get("Location")).toBe("/admin");
    expect(cmOnAdmin.headers.get("Set-Cookie")).toContain("fr_toast");
    expect(await requireRole(await args(cm, "/admin/clients"), "staff")).toMatchObject({
      email: cm,
    });
    expect(await requireRole(await args(admin, "/admin/seo"), "admin")).toMatchObject({
      email: admin,
      role: "admin",
    });
  });

  it("ends the session at once when the account is disabled, and refuses its sign-in", async () => {
    const email = uniqueEmail("disabled");
    const { id } = await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, role: "clientManager" },
    );
    const cookie = await signedIn(email);
    await disableStaffUser({ db: get().db }, { id });
    const found = await getSessionUser({ request: request(cookie), context: context() });
    expect(found.user).toBeNull();
    const refused = (await thrown(signedIn(email))) as AppError;
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/disabled/);
  });

  it("ends an idle session", async () => {
    const email = uniqueEmail("idle");
    const { id } = await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, role: "admin" },
    );
    const cookie = await signedIn(email);
    await get()
      .db.update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - (env.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(authSessions.userId, id));
    const found = await getSessionUser({ request: request(cookie), context: context() });
    expect(found).toEqual({ user: null, reason: "idle" });
  });

  it("locks an account out after repeated failures with a retry time, from any address", async () => {
    const email = uniqueEmail("locked");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" });
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.account.max; attempt++) {
      const error = (await thrown(
        signedIn(email, "wrong password!!", `198.51.100.${attempt}`),
      )) as AppError;
      expect(error.status).toBe(401);
    }
    const locked = (await thrown(signedIn(email, PASSWORD, "203.0.113.9"))) as AppError;
    expect(locked.status).toBe(429);
    expect(locked.retryAfterSeconds).toBeGreaterThan(800);
    expect(locked.message).toMatch(/Try again in 15 minutes/);
    // The window passes: the account may try again.
    await get()
      .db.update(signInFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailures.email, email));
    expect(await signedIn(email)).toContain("frontier.session");
  }, 120_000);

  it("locks an address out after repeated failures across accounts", async () => {
    const address = "203.0.113.77";
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.address.max; attempt++)
      await thrown(signedIn(uniqueEmail("spray"), "wrong password!!", address));
    const locked = (await thrown(signedIn(uniqueEmail("spray"), PASSWORD, address))) as AppError;
    expect(locked.status).toBe(429);
  }, 180_000);

  it("resets a password through a single-use mailed link, and says the same for unknown accounts", async () => {
    const email = uniqueEmail("reset");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    const oldCookie = await signedIn(email);
    await sendPasswordResetLink({ db: get().db, env }, { email: uniqueEmail("ghost") });
    await sendPasswordResetLink({ db: get().db, env }, { email });
    const mails = await get().db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(mails).toHaveLength(1);
    const token =
      new URL(mails[0].text.match(/http\S+/)?.[0] ?? "").searchParams.get("token") ?? "";
    await resetPassword({ db: get().db, env }, { token, password: "a brand new password" });
    const again = (await thrown(
      resetPassword({ db: get().db, env }, { token, password: "another new password" }),
    )) as AppError;
    expect(again.status).toBe(410);
    // The old session ended; the new password works and the old one does not.
    expect(
      (await getSessionUser({ request: request(oldCookie), context: context() })).user,
    ).toBeNull();
    expect(await signedIn(email, "a brand new password")).toContain("frontier.session");
    expect(((await thrown(signedIn(email))) as AppError).status).toBe(401);
  });

  it("mails at most 3 reset links an hour per account", async () => {
    const email = uniqueEmail("flood");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "none" });
    for (let request = 0; request < 5; request++)
      await sendPasswordResetLink({ db: get().db, env }, { email });
    const mails = await get().db.select().from(mailMessages).where(eq(mailMessages.to, email));
    expect(mails).toHaveLength(3);
  });

  it("invites a team member who sets their own password; the link works once", async () => {
    const email = uniqueEmail("invitee");
    await inviteStaffMember(
      { db: get().db, env },
      { email, role: "clientManager" },
      { id: "admin-id", email: "boss@frontier.test", address: "192.0.2.5" },
    );
    const [mail] = await get().db.select().from(mailMessages).where(eq(mailMessages.to, email));
    const token = new URL(mail.text.match(/http\S+/)?.[0] ?? "").searchParams.get("token") ?? "";
    const user = await acceptInvitation(
      { db: get().db, env },
      { token, name: "Ina", password: PASSWORD },
    );
    expect(user).toMatchObject({ email, role: "clientManager", name: "Ina" });
    expect(
      (
        (await thrown(
          acceptInvitation({ db: get().db, env }, { token, name: "X", password: PASSWORD }),
        )) as AppError
      ).status,
    ).toBe(410);
    const audit = await findAuditEvents(get().db, { actorId: "admin-id", area: "team" });
    expect(audit.rows[0]).toMatchObject({ action: "invite", address: "192.0.2.5" });
  });

  it("makes the first admin from the one-time setup link only while there is no admin", async () => {
    const db = get().db;
    // Other tests made admins already: a fresh database decides this one.
    const { createTestDatabase } = await import("#tests/helpers/db.ts");
    const fresh = await createTestDatabase("pglite");
    try {
      const url = await issueSetupLink({ db: fresh.db, env });
      const token = new URL(url ?? "").searchParams.get("token") ?? "";
      const input = { token, name: "First", email: uniqueEmail("first"), password: PASSWORD };
      await completeSetup({ db: fresh.db, env }, input);
      expect(((await thrown(completeSetup({ db: fresh.db, env }, input))) as AppError).status).toBe(
        410,
      );
      expect(await issueSetupLink({ db: fresh.db, env })).toBeUndefined();
    } finally {
      await fresh.close();
    }
    expect(db).toBeDefined();
  });

  it("changes roles and passwords, keeps the last admin, and audits it", async () => {
    const email = uniqueEmail("roles");
    const { id } = await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, role: "none" },
    );
    await setStaffRole({ db: get().db }, { id }, "admin", { id: "someone" });
    const cookie = await signedIn(email);
    const session = await getSessionUser({ request: request(cookie), context: context() });
    expect(session.user?.role).toBe("admin");
    const wrong = (await thrown(
      changeOwnPassword(
        { db: get().db },
        { userId: id, currentPassword: "nope nope nope", password: "x".repeat(12) },
        { id },
      ),
    )) as AppError;
    expect(wrong.status).toBe(400);
    await changeOwnPassword(
      { db: get().db },
      { userId: id, currentPassword: PASSWORD, password: "another long password" },
      { id },
    );
    expect(await signedIn(email, "another long password")).toContain("frontier.session");
    const audit = await findAuditEvents(get().db, { actorId: "someone" });
    expect(audit.rows[0]).toMatchObject({ action: "set-role", recordId: id });
  });

  it("finds team members by name or email in any case, with % and _ taken literally", async () => {
    const email = uniqueEmail("search_me");
    await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, name: "Zoë Searchable", role: "clientManager" },
    );
    const find = async (q: string) =>
      (
        await findStaffUsers(get().db, {
          q,
          sort: "email",
          direction: "asc",
          offset: 0,
          pageSize: 50,
        })
      ).rows.map((row) => row.email);
    expect(await find("zoË SEARCH")).toEqual([email]);
    expect(await find(email.toUpperCase())).toEqual([email]);
    expect(await find("search-me")).toEqual([]);
    expect(await find("Searchable%")).toEqual([]);
  });

  it("rejects bad passwords and duplicate emails with clear messages", async () => {
    const short = (await thrown(
      createStaffUser(
        { db: get().db },
        { email: uniqueEmail("short"), password: "short", role: "admin" },
      ),
    )) as AppError;
    expect(short.fieldErrors?.password?.[0]).toMatch(/at least 12/);
    const email = uniqueEmail("dup");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" });
    const dup = (await thrown(
      createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "admin" }),
    )) as AppError;
    expect(dup.status).toBe(409);
  });
});
