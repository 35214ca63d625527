import { count, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  findResetLink,
  PASSWORD_RESET_JOB,
  RESET_REQUEST_LIMITS,
  requestPasswordReset,
  resetPassword,
  SUPERSEDED_RESET_MESSAGE,
  sendPasswordResetLink,
} from "#server/auth/links.ts";
import { changeOwnPassword, createStaffUser } from "#server/auth/users.ts";
import { jobs, mailMessages } from "#server/db/schema/index.ts";
import type { AppError } from "#server/errors.ts";
import { testAuthEnv, thrown } from "#tests/helpers/auth-context.ts";
import { inOneClockWindow } from "#tests/helpers/clock.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";

const env = testAuthEnv();
const PASSWORD = "reset test password";
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@frontier.test`;

describeEachDatabase("a new password ends older reset links", (get) => {
  const context = () => ({ db: get().db, env });

  /** The reset tokens mailed to `email`, oldest first. */
  async function mailedTokens(email: string) {
    const mails = await get().db.select().from(mailMessages).where(eq(mailMessages.to, email));
    return mails
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((mail) => new URL(mail.text.match(/http\S+/)?.[0] ?? "").searchParams.get("token"));
  }

  it("a reset with the newest link ends the older one", async () => {
    const email = uniqueEmail("two-links");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    await sendPasswordResetLink(context(), { email });
    await sendPasswordResetLink(context(), { email });
    const [older, newer] = await mailedTokens(email);
    await resetPassword(context(), { token: newer ?? "", password: "the newest password" });
    const refused = (await thrown(
      resetPassword(context(), { token: older ?? "", password: "an attacker's password" }),
    )) as AppError;
    expect(refused.status).toBe(410);
  });

  it("a newer link ends the older one at once: only the newest link mailed sets the password", async () => {
    const email = uniqueEmail("older-link");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    await sendPasswordResetLink(context(), { email });
    await sendPasswordResetLink(context(), { email });
    const [older, newer] = await mailedTokens(email);
    const refused = (await thrown(
      resetPassword(context(), { token: older ?? "", password: "an attacker's password" }),
    )) as AppError;
    expect(refused.status).toBe(410);
    expect(refused.message).toBe(SUPERSEDED_RESET_MESSAGE);
    // The page of the older link says why, before anything is typed.
    expect(await findResetLink(get().db, older ?? "")).toEqual({ state: "superseded" });
    expect(await findResetLink(get().db, newer ?? "")).toMatchObject({ state: "usable", email });
    await resetPassword(context(), { token: newer ?? "", password: "the newest password" });
    expect(await findResetLink(get().db, newer ?? "")).toEqual({ state: "gone" });
  });

  it("a newer link whose mail could not go leaves the older one working", async () => {
    const email = uniqueEmail("unsent-newer");
    await createStaffUser({ db: get().db }, { email, password: PASSWORD, role: "clientManager" });
    await sendPasswordResetLink(context(), { email });
    const refusing = { ...env, SMTP_URL: "smtp://127.0.0.1:9" };
    await thrown(sendPasswordResetLink({ db: get().db, env: refusing }, { email }));
    const [older] = await mailedTokens(email);
    await resetPassword(context(), { token: older ?? "", password: "the only link mailed" });
  });

  it("limits forgot-password requests per address typed and per client address, under parallel requests, alike for unknown addresses", async () => {
    // The limits count per 15-minute window of the clock: the whole count in one window.
    await inOneClockWindow(RESET_REQUEST_LIMITS.windowMs, async () => {
      const known = uniqueEmail("flooded");
      await createStaffUser(
        { db: get().db },
        { email: known, password: PASSWORD, role: "clientManager" },
      );
      let address = 0;
      const flood = (email: string, from?: string) =>
        Promise.allSettled(
          Array.from({ length: 30 }, () =>
            requestPasswordReset(
              { db: get().db },
              { email, address: from ?? `198.51.100.${++address % 250}` },
            ),
          ),
        );
      const queuedFor = async (email: string) => {
        const [row] = await get()
          .db.select({ total: count() })
          .from(jobs)
          .where(
            sql`${jobs.kind} = ${PASSWORD_RESET_JOB} and ${jobs.payload}->>'email' = ${email}`,
          );
        return row.total;
      };
      for (const email of [known, uniqueEmail("nobody")]) {
        const settled = await flood(email);
        expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(
          RESET_REQUEST_LIMITS.perEmail,
        );
        for (const result of settled)
          if (result.status === "rejected")
            expect(result.reason).toMatchObject({ code: "RATE_LIMITED", status: 429 });
        expect(await queuedFor(email)).toBe(RESET_REQUEST_LIMITS.perEmail);
      }
      // One client address spraying many addresses.
      const sprayed = await Promise.allSettled(
        Array.from({ length: 40 }, (_, index) =>
          requestPasswordReset(
            { db: get().db },
            { email: uniqueEmail(`spray-${index}`), address: "203.0.113.99" },
          ),
        ),
      );
      expect(sprayed.filter((result) => result.status === "fulfilled")).toHaveLength(
        RESET_REQUEST_LIMITS.perAddress,
      );
    });
  });

  it("changing the password ends every unused reset link", async () => {
    const email = uniqueEmail("changed");
    const { id } = await createStaffUser(
      { db: get().db },
      { email, password: PASSWORD, role: "admin" },
    );
    await sendPasswordResetLink(context(), { email });
    await changeOwnPassword(
      { db: get().db },
      { userId: id, currentPassword: PASSWORD, password: "changed on purpose" },
      { id, email, address: "192.0.2.80" },
    );
    const [token] = await mailedTokens(email);
    const refused = (await thrown(
      resetPassword(context(), { token: token ?? "", password: "an attacker's password" }),
    )) as AppError;
    expect(refused.status).toBe(410);
  });
});
