import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { issueFormToken } from "#server/antispam/antispam.ts";
import { subscribers } from "#server/db/schema/content.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import { NEWSLETTER_INVALID_EMAIL, NEWSLETTER_UNAVAILABLE } from "#shared/newsletter.ts";
import { unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import {
  confirmSubscription,
  SUBSCRIBE_THANKS,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "./newsletter";

const env = {
  AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
  MAIL_FROM: "Frontier <hello@frontier.test>",
  PUBLIC_URL: "https://frontier.test",
  SMTP_URL: undefined as string | undefined,
};

const formOf = (email: string, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.set("email", email);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
};

describeEachDatabase("newsletter", (get) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  async function lastMailTo(email: string) {
    const mails = await get().db.select().from(mailMessages).where(eq(mailMessages.to, email));
    return mails.at(-1);
  }
  const tokenIn = (text: string, path: string) =>
    decodeURIComponent(new RegExp(`${path}\\?token=([^\\s"<]+)`).exec(text)?.[1] ?? "");

  it("subscribes, confirms once with the mailed link, and unsubscribes in one step", async () => {
    const { db } = get();
    const email = `Reader-${unique()}@Example.com`;
    const answer = await subscribeToNewsletter({ db, env, form: formOf(email), address: unique() });
    expect(answer.message).toBe(SUBSCRIBE_THANKS);
    const lower = email.toLowerCase();
    const [pending] = await db.select().from(subscribers).where(eq(subscribers.email, lower));
    expect(pending.status).toBe("pending");

    const mail = await lastMailTo(lower);
    expect(mail?.headers).toMatchObject({
      "List-Unsubscribe": `<https://frontier.test/newsletter/unsubscribe?token=${pending.unsubscribeToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const token = tokenIn(mail?.text ?? "", "/newsletter/confirm");
    expect(token).not.toBe("");
    expect(pending.confirmTokenHash).not.toBe(token);

    expect(await confirmSubscription({ db, token })).toBe("confirmed");
    expect(await confirmSubscription({ db, token })).toBe("invalid");
    const [confirmed] = await db.select().from(subscribers).where(eq(subscribers.email, lower));
    expect(confirmed.status).toBe("confirmed");

    expect(await unsubscribeFromNewsletter({ db, token: pending.unsubscribeToken })).toBe(
      "unsubscribed",
    );
    expect(await unsubscribeFromNewsletter({ db, token: pending.unsubscribeToken })).toBe(
      "unsubscribed",
    );
    expect(await unsubscribeFromNewsletter({ db, token: "nope" })).toBe("invalid");
    const [left] = await db.select().from(subscribers).where(eq(subscribers.email, lower));
    expect(left.status).toBe("unsubscribed");
  });

  it("answers the same for a confirmed address and sends it nothing", async () => {
    const { db } = get();
    const email = `known-${unique()}@example.com`;
    await subscribeToNewsletter({ db, env, form: formOf(email), address: unique() });
    const token = tokenIn((await lastMailTo(email))?.text ?? "", "/newsletter/confirm");
    await confirmSubscription({ db, token });
    const before = (await db.select().from(mailMessages).where(eq(mailMessages.to, email))).length;
    const again = await subscribeToNewsletter({ db, env, form: formOf(email), address: unique() });
    expect(again.message).toBe(SUBSCRIBE_THANKS);
    const after = (await db.select().from(mailMessages).where(eq(mailMessages.to, email))).length;
    expect(after).toBe(before);
  });

  it("refuses expired confirmation links", async () => {
    const { db } = get();
    const email = `late-${unique()}@example.com`;
    await subscribeToNewsletter({ db, env, form: formOf(email), address: unique() });
    const token = tokenIn((await lastMailTo(email))?.text ?? "", "/newsletter/confirm");
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await confirmSubscription({ db, token, now: later })).toBe("invalid");
  });

  it("sends the confirmation through SMTP with the unsubscribe headers", async () => {
    const { db } = get();
    const email = `smtp-${unique()}@example.com`;
    await subscribeToNewsletter({
      db,
      env: { ...env, SMTP_URL: smtp.url },
      form: formOf(email),
      address: unique(),
    });
    const mail = smtp.received.find((item) => item.to.includes(email));
    expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("says the service is unavailable and keeps no subscriber when mail cannot be sent", async () => {
    const { db } = get();
    const email = `down-${unique()}@example.com`;
    await expect(
      subscribeToNewsletter({
        db,
        env: { ...env, SMTP_URL: "smtp://127.0.0.1:9" },
        form: formOf(email),
        address: unique(),
      }),
    ).rejects.toMatchObject({ message: NEWSLETTER_UNAVAILABLE, status: 503 });
    expect(await db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
  });

  it("refuses an empty or malformed email and a filled honeypot", async () => {
    const { db } = get();
    for (const email of ["", "   ", "nope"])
      await expect(
        subscribeToNewsletter({ db, env, form: formOf(email), address: unique() }),
      ).rejects.toMatchObject({ message: NEWSLETTER_INVALID_EMAIL, status: 400 });
    const email = `bot-${unique()}@example.com`;
    await expect(
      subscribeToNewsletter({
        db,
        env,
        form: formOf(email, { website: "x" }),
        address: unique(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
  });

  it("mails once for the same form sent again, so the first link keeps working", async () => {
    const { db } = get();
    const email = `twice-${unique()}@example.com`;
    const form = formOf(email, { formToken: issueFormToken(env.AUTH_SECRET) });
    const answers = [
      await subscribeToNewsletter({ db, env, form, address: unique() }),
      ...(await Promise.all(
        Array.from({ length: 3 }, () =>
          subscribeToNewsletter({ db, env, form, address: unique() }),
        ),
      )),
    ];
    expect(answers.map((answer) => answer.message)).toEqual(Array(4).fill(SUBSCRIBE_THANKS));
    expect(await db.select().from(mailMessages).where(eq(mailMessages.to, email))).toHaveLength(1);
    const token = tokenIn((await lastMailTo(email))?.text ?? "", "/newsletter/confirm");
    expect(await confirmSubscription({ db, token })).toBe("confirmed");
  });
});
