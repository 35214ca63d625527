import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailMessages } from "#server/db/schema/mail.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { MailDeliveryError, sendMail } from "./mailer";

describeEachDatabase("sendMail", (get) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it("keeps mail in the Outbox when no SMTP_URL is set", async () => {
    const { db } = get();
    const result = await sendMail(
      { db, env: { MAIL_FROM: "Frontier <hello@frontier.test>" } },
      { to: "ada@example.com", subject: "Hello", text: "Hi Ada", html: "<p>Hi Ada</p>" },
    );
    expect(result.delivered).toBe(false);
    const [row] = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, String(result.id)));
    expect(row).toMatchObject({ to: "ada@example.com", status: "outbox", html: "<p>Hi Ada</p>" });
  });

  it("delivers through a real SMTP server when SMTP_URL is set", async () => {
    const { db } = get();
    const result = await sendMail(
      { db, env: { MAIL_FROM: "hello@frontier.test", SMTP_URL: smtp.url } },
      {
        to: "grace@example.com",
        subject: "Delivered",
        text: "Over the wire",
        headers: { "List-Unsubscribe": "<https://frontier.test/u/1>" },
      },
    );
    expect(result.delivered).toBe(true);
    const mail = smtp.received.find((item) => item.to.includes("grace@example.com"));
    expect(mail?.raw).toContain("Subject: Delivered");
    expect(mail?.raw).toContain("List-Unsubscribe: <https://frontier.test/u/1>");
  });

  it("throws MailDeliveryError and records the failure when the server is unreachable", async () => {
    const { db } = get();
    await expect(
      sendMail(
        { db, env: { MAIL_FROM: "hello@frontier.test", SMTP_URL: "smtp://127.0.0.1:9" } },
        { to: "nobody@example.com", subject: "Lost", text: "..." },
      ),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    const rows = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, "nobody@example.com"));
    expect(rows.map((row) => row.status)).toEqual(["failed"]);
  });
});
