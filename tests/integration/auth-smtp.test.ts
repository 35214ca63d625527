import { tmpdir } from "node:os";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as forgot from "#app/routes/auth/forgot-password.tsx";
import {
  inviteStaffMember,
  PASSWORD_RESET_JOB,
  sendPasswordResetLink,
} from "#server/auth/links.ts";
import { createStaffUser } from "#server/auth/users.ts";
import type { AppContext } from "#server/context.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { parseEnv } from "#server/env.ts";
import { jobHandlers } from "#server/jobs/handlers.ts";
import { createJobRunner } from "#server/jobs/queue.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";

describeEachDatabase("sign-in mail through SMTP", (get) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const smtpEnv = () =>
    parseEnv({
      DATA_DIR: tmpdir(),
      AUTH_SECRET: "smtp-secret-smtp-secret-smtp-secret-1234",
      PUBLIC_URL: "https://frontier.example",
      SMTP_URL: smtp.url,
      NODE_ENV: "test",
    });

  it("delivers reset and invitation links to a real SMTP server", async () => {
    const env = smtpEnv();
    const email = `smtp-${Date.now()}@staff.test`;
    await createStaffUser(
      { db: get().db },
      { email, password: "smtp test password", role: "admin" },
    );
    await sendPasswordResetLink({ db: get().db, env }, { email });
    const invitee = `invitee-${Date.now()}@staff.test`;
    await inviteStaffMember(
      { db: get().db, env },
      { email: invitee, role: "none" },
      { id: null, email },
    );
    const reset = smtp.received.find((mail) => mail.to.includes(email));
    const invite = smtp.received.find((mail) => mail.to.includes(invitee));
    expect(reset?.raw).toMatch(/Subject: Reset your Frontier password/);
    expect(reset?.raw).toMatch(/https:\/\/frontier\.example\/reset-password\?token=/);
    expect(invite?.raw).toMatch(/https:\/\/frontier\.example\/accept-invite\?token=/);
  });

  it("forgot password answers alike for known and unknown accounts, with SMTP up or down, and mails from a job", async () => {
    const env = smtpEnv();
    const context = { db: get().db, database: get(), env, nonce: "n", clientAddress: "192.0.2.7" };
    const known = `known-${Date.now()}@staff.test`;
    const unknown = `unknown-${Date.now()}@staff.test`;
    await createStaffUser(
      { db: get().db },
      { email: known, password: "smtp test password", role: "clientManager" },
    );
    const ask = async (email: string) => {
      const body = new FormData();
      body.set("email", email);
      const request = new Request("http://frontier.test/forgot-password", {
        method: "POST",
        body,
      });
      const answer = await forgot.action({
        request,
        url: new URL(request.url),
        context: context as unknown as AppContext,
        params: {},
      } as never);
      // A plain object: React Router answers it with 200 and this body.
      expect(answer).not.toBeInstanceOf(Response);
      return JSON.stringify(answer);
    };

    const upKnown = await ask(known);
    const upUnknown = await ask(unknown);
    // The request path never reaches SMTP: with the server stopped nothing changes.
    const port = smtp.port;
    await smtp.close();
    const downKnown = await ask(known);
    const downUnknown = await ask(unknown);
    expect(new Set([upKnown, upUnknown, downKnown, downUnknown]).size).toBe(1);
    expect(JSON.parse(upKnown)).toMatchObject({ ok: true });
    expect(smtp.received.filter((mail) => mail.to.includes(known))).toHaveLength(0);

    // The jobs send the mail; while SMTP is down they fail and are retried later.
    const runner = createJobRunner({
      context: { db: get().db, database: get(), env },
      handlers: jobHandlers,
    });
    await runner.runDue();
    const pending = await get()
      .db.select({ status: jobs.status })
      .from(jobs)
      .where(sql`${jobs.kind} = ${PASSWORD_RESET_JOB} and ${jobs.payload}->>'email' = ${known}`);
    expect(pending.map((job) => job.status)).toEqual(["pending", "pending"]);

    smtp = await startSmtpServer({ port });
    await get().db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, PASSWORD_RESET_JOB));
    await runner.runDue();
    const toKnown = smtp.received.filter((mail) => mail.to.includes(known));
    expect(toKnown).toHaveLength(2);
    expect(toKnown[0].raw).toMatch(/reset-password\?token=/);
    expect(smtp.received.filter((mail) => mail.to.includes(unknown))).toHaveLength(0);
  }, 60_000);
});
