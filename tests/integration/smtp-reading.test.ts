import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readableMail, startSmtpServer } from "#tests/helpers/smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

async function send(message: SendMailOptions) {
  const transport = nodemailer.createTransport(smtp.url);
  const before = smtp.received.length;
  await transport.sendMail({ from: "site@example.com", to: "reader@example.com", ...message });
  await expect.poll(() => smtp.received.length).toBe(before + 1);
  return smtp.received[smtp.received.length - 1].raw;
}

describe("the test SMTP server's readable mail", () => {
  it("leaves headers and a 7bit body as sent, so a token that starts like an escape stays whole", async () => {
    const link = "https://example.com/confirm?token=AB12-cd3F";
    const raw = await send({
      subject: "Confirm",
      text: `Confirm here: ${link}`,
      headers: { "List-Unsubscribe": "<https://example.com/unsubscribe?token=3Dx9>" },
    });
    expect(raw).not.toMatch(/quoted-printable/i);
    const mail = readableMail(raw);
    expect(mail).toContain(link);
    expect(mail).toContain("unsubscribe?token=3Dx9");
  });

  it("decodes a quoted-printable part: soft line breaks joined, escapes read", async () => {
    const link = `https://example.com/confirm?token=${"Zz9".repeat(30)}`;
    const raw = await send({
      subject: "Confirm",
      text: `Bienvenue à bord, confirmez votre abonnement ici : ${link}`,
      html: `<p>Bienvenue à bord : <a href="${link}">confirmer</a></p>`,
    });
    expect(raw).toMatch(/quoted-printable/i);
    expect(raw).not.toContain(link);
    const mail = readableMail(raw);
    expect(mail).toContain(`ici : ${link}`);
    expect(mail).toContain(`<a href="${link}">`);
  });
});
