import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CONFIRM_TO_SEND, issueFormToken } from "#server/antispam/antispam.ts";
import { leads } from "#server/db/schema/leads.ts";
import { mailMessages } from "#server/db/schema/mail.ts";
import type { AppError } from "#server/errors.ts";
import { unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { DEFAULT_STAFF_EMAIL, submitContactForm } from "./leads";

const env = {
  AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
  MAIL_FROM: "Frontier <hello@frontier.test>",
  PUBLIC_URL: "https://frontier.test",
  SMTP_URL: undefined as string | undefined,
  STAFF_EMAIL: undefined as string | undefined,
};

function contactForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    name: "Ada Lovelace",
    email: `ada-${unique()}@example.com`,
    company: "Analytical Engines",
    service: "ai-ml",
    budget: "50k-100k",
    timeline: "1-3-months",
    message: "We would like a model that predicts engine failures.",
    website: "",
    formToken: issueFormToken(env.AUTH_SECRET, Date.now() - 5000),
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

/** The lead a first sending stored (a repeat stores none). */
function leadOf(result: Awaited<ReturnType<typeof submitContactForm>>) {
  if (result.isRepeat) throw new Error("expected a first sending");
  return result.lead;
}

describeEachDatabase("contact form leads", (get) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it("stores a lead and tells staff at the default address", async () => {
    const { db } = get();
    const form = contactForm();
    const lead = leadOf(await submitContactForm({ db, env, form, address: unique() }));
    const [stored] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      email: String(form.get("email")),
      company: "Analytical Engines",
      service: "ai-ml",
      source: "contact",
      status: "new",
    });
    const mails = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, DEFAULT_STAFF_EMAIL));
    const mail = mails.find((item) => item.text.includes(String(form.get("email"))));
    expect(mail?.subject).toContain("Ada Lovelace");
    expect(mail?.text).toContain("AI & Machine Learning");
  });

  it("mails STAFF_EMAIL through SMTP when configured, and keeps the lead if SMTP fails", async () => {
    const { db } = get();
    const staff = `staff-${unique()}@frontier.test`;
    await submitContactForm({
      db,
      env: { ...env, SMTP_URL: smtp.url, STAFF_EMAIL: staff },
      form: contactForm({ company: "" }),
      address: unique(),
    });
    expect(smtp.received.some((mail) => mail.to.includes(staff))).toBe(true);

    const form = contactForm();
    const lead = leadOf(
      await submitContactForm({
        db,
        env: { ...env, SMTP_URL: "smtp://127.0.0.1:9", STAFF_EMAIL: staff },
        form,
        address: unique(),
      }),
    );
    const [stored] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored.email).toBe(form.get("email"));
  });

  it("explains each invalid field and stores nothing", async () => {
    const { db } = get();
    const before = (await db.select({ id: leads.id }).from(leads)).length;
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "" }, "name"],
      [{ email: "nope" }, "email"],
      [{ service: "plumbing" }, "service"],
      [{ budget: "" }, "budget"],
      [{ timeline: "yesterday" }, "timeline"],
      [{ message: "too short" }, "message"],
      [{ message: "m".repeat(5001) }, "message"],
    ];
    for (const [fields, field] of cases) {
      const error = (await submitContactForm({
        db,
        env,
        form: contactForm(fields),
        address: unique(),
      }).catch((caught) => caught)) as AppError;
      expect(error.status, field).toBe(400);
      expect(Object.keys(error.fieldErrors ?? {}), field).toEqual([field]);
    }
    expect((await db.select({ id: leads.id }).from(leads)).length).toBe(before);
  });

  it("refuses bots: honeypot, too fast, too many", async () => {
    const { db } = get();
    const address = unique();
    await expect(
      submitContactForm({ db, env, form: contactForm({ website: "x" }), address }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      submitContactForm({
        db,
        env,
        form: contactForm({ formToken: issueFormToken(env.AUTH_SECRET) }),
        address,
      }),
    ).rejects.toMatchObject({ status: 400 });
    for (let index = 0; index < 5; index++)
      await submitContactForm({ db, env, form: contactForm(), address });
    await expect(
      submitContactForm({ db, env, form: contactForm(), address }),
    ).rejects.toMatchObject({ status: 429 });
  });

  async function leadsFrom(email: string) {
    return get().db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  }
  async function staffMailsAbout(email: string) {
    const mails = await get()
      .db.select({ text: mailMessages.text })
      .from(mailMessages)
      .where(eq(mailMessages.to, DEFAULT_STAFF_EMAIL));
    return mails.filter((mail) => mail.text.includes(email));
  }

  it("stores one lead when the same form is sent again (its answer was lost), and answers alike", async () => {
    const { db } = get();
    const form = contactForm();
    const email = String(form.get("email"));
    const address = unique();
    const first = await submitContactForm({ db, env, form, address });
    const again = await submitContactForm({ db, env, form, address });
    expect(first.isRepeat).toBe(false);
    expect(again).toEqual({ isRepeat: true });
    expect(await leadsFrom(email)).toHaveLength(1);
    expect(await staffMailsAbout(email)).toHaveLength(1);
    // A repeat does not count against the address's limit either.
    for (let index = 0; index < 4; index++)
      await submitContactForm({ db, env, form: contactForm(), address });
    expect((await submitContactForm({ db, env, form, address })).isRepeat).toBe(true);
  });

  it("stores one lead when the same form is sent several times at once", async () => {
    const { db } = get();
    const form = contactForm();
    const email = String(form.get("email"));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => submitContactForm({ db, env, form, address: unique() })),
    );
    expect(results.filter((result) => !result.isRepeat)).toHaveLength(1);
    expect(await leadsFrom(email)).toHaveLength(1);
    expect(await staffMailsAbout(email)).toHaveLength(1);
  });

  it("asks to confirm a form sent without a token, and stores nothing until then", async () => {
    const { db } = get();
    const form = contactForm({ formToken: "" });
    await expect(submitContactForm({ db, env, form, address: unique() })).rejects.toMatchObject({
      status: 400,
      message: CONFIRM_TO_SEND,
    });
    expect(await leadsFrom(String(form.get("email")))).toEqual([]);
  });
});
