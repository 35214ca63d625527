import { tmpdir } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inviteStaffMember, requestPasswordReset } from "#server/auth/links.ts";
import { createStaffUser } from "#server/auth/users.ts";
import { parseEnv } from "#server/env.ts";
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

  it("delivers reset and invitation links to a real SMTP server", async () => {
    const env = parseEnv({
      DATA_DIR: tmpdir(),
      AUTH_SECRET: "smtp-secret-smtp-secret-smtp-secret-1234",
      PUBLIC_URL: "https://frontier.example",
      SMTP_URL: smtp.url,
      NODE_ENV: "test",
    });
    const email = `smtp-${Date.now()}@staff.test`;
    await createStaffUser(
      { db: get().db },
      { email, password: "smtp test password", role: "admin" },
    );
    await requestPasswordReset({ db: get().db, env }, { email });
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
});
