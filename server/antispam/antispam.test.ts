import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import { unique } from "#tests/helpers/content.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  BOT_REFUSED,
  CONFIRM_TO_SEND,
  checkFormToken,
  FORM_EXPIRED,
  FORM_TOKEN_PATTERN,
  guardSubmission,
  issueFormToken,
  MIN_FILL_MS,
  minFillMsOf,
  rateLimits,
  readFormToken,
  TOO_FAST,
  TOO_MANY,
} from "./antispam";

const secret = "a-secret-of-at-least-thirty-two-characters";

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error("expected a refusal");
}

describe("form tokens", () => {
  it("accepts a token after the minimum fill time and matches the page pattern", () => {
    const issued = Date.now() - MIN_FILL_MS - 1;
    const token = issueFormToken(secret, issued);
    expect(() => checkFormToken(secret, token)).not.toThrow();
    expect(token.match(FORM_TOKEN_PATTERN)).toEqual([token]);
  });

  it("names one filling of a form: every token has a key of its own", () => {
    const now = Date.now();
    const [first, second] = [issueFormToken(secret, now), issueFormToken(secret, now)];
    expect(first).not.toBe(second);
    expect(readFormToken(secret, first)?.key).toHaveLength(22);
    expect(readFormToken(secret, first)?.key).not.toBe(readFormToken(secret, second)?.key);
    expect(readFormToken(secret, first)?.issuedAt).toBe(now);
    // The key is signed: another key in a real token is a forgery.
    const [prefix, time, key, mac] = first.split(".");
    const swapped = `${prefix}.${time}.${key.replace(/^./, key[0] === "A" ? "B" : "A")}.${mac}`;
    expect(readFormToken(secret, swapped)).toBeUndefined();
  });

  it("refuses a form sent too fast, a forged or missing token and an old one", () => {
    expect(refusal(() => checkFormToken(secret, issueFormToken(secret))).message).toBe(TOO_FAST);
    const old = issueFormToken(secret, Date.now() - 2 * 24 * 3600 * 1000);
    expect(refusal(() => checkFormToken(secret, old)).message).toBe(FORM_EXPIRED);
    const forged = issueFormToken("another-secret-another-secret-another", Date.now() - 10_000);
    expect(refusal(() => checkFormToken(secret, forged)).message).toBe(FORM_EXPIRED);
    expect(refusal(() => checkFormToken(secret, null)).code).toBe("INVALID");
    expect(refusal(() => checkFormToken(secret, "ft1.123.abc")).code).toBe("INVALID");
  });
});

describeEachDatabase("guardSubmission", (get) => {
  const formWith = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return form;
  };
  const goodToken = () => issueFormToken(secret, Date.now() - 5000);

  it("refuses a filled honeypot", async () => {
    const { db } = get();
    await expect(
      guardSubmission({
        db,
        secret,
        scope: "comment",
        address: unique(),
        form: formWith({ website: "http://spam.example", formToken: goodToken() }),
      }),
    ).rejects.toThrow(BOT_REFUSED);
  });

  it("refuses a form sent faster than a person can", async () => {
    const { db } = get();
    await expect(
      guardSubmission({
        db,
        secret,
        scope: "contact",
        address: unique(),
        form: formWith({ formToken: issueFormToken(secret) }),
      }),
    ).rejects.toThrow(TOO_FAST);
  });

  it("holds a form for the minimum fill time the server is set to (FORM_MIN_FILL_SECONDS)", async () => {
    const { db } = get();
    const sentAfter = (ms: number, minFillMs: number) =>
      guardSubmission({
        db,
        secret,
        scope: "contact",
        address: unique(),
        form: formWith({ formToken: issueFormToken(secret, Date.now() - ms) }),
        minFillMs,
      });
    // Five seconds is enough by default, not for a server set to ten.
    await expect(sentAfter(5_000, minFillMsOf({}))).resolves.toBeUndefined();
    await expect(sentAfter(5_000, minFillMsOf({ FORM_MIN_FILL_SECONDS: 10 }))).rejects.toThrow(
      TOO_FAST,
    );
    await expect(
      sentAfter(11_000, minFillMsOf({ FORM_MIN_FILL_SECONDS: 10 })),
    ).resolves.toBeUndefined();
    await expect(sentAfter(0, minFillMsOf({ FORM_MIN_FILL_SECONDS: 0 }))).resolves.toBeUndefined();
  });

  it("allows the limit per address and window, then answers 429", async () => {
    const { db } = get();
    const address = `10.0.0.${unique()}`;
    const { max } = rateLimits.comment;
    for (let index = 0; index < max; index++)
      await guardSubmission({
        db,
        secret,
        scope: "comment",
        address,
        form: formWith({ formToken: goodToken() }),
      });
    const error = await guardSubmission({
      db,
      secret,
      scope: "comment",
      address,
      form: formWith({ formToken: goodToken() }),
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe(TOO_MANY);
    expect(error.status).toBe(429);
    // Another address and another form are counted apart.
    await guardSubmission({
      db,
      secret,
      scope: "comment",
      address: unique(),
      form: formWith({ formToken: goodToken() }),
    });
    await guardSubmission({
      db,
      secret,
      scope: "contact",
      address,
      form: formWith({ formToken: goodToken() }),
    });
    // The window slides: an hour later the address may post again.
    await guardSubmission({
      db,
      secret,
      scope: "comment",
      address,
      form: formWith({ formToken: issueFormToken(secret, Date.now() + 3600_000 - 5000) }),
      now: new Date(Date.now() + 3600_000),
    });
  });

  it("counts an IPv6 client by its /64, and holds the limit for parallel submissions", async () => {
    const { db } = get();
    const network = `2001:db8:${unique().slice(0, 4)}:7`;
    const { max } = rateLimits.comment;
    const submit = (address: string) =>
      guardSubmission({
        db,
        secret,
        scope: "comment",
        address,
        form: formWith({ formToken: goodToken() }),
      });
    // A new address of the same /64 for every comment, all at once.
    const settled = await Promise.allSettled(
      Array.from({ length: 3 * max }, (_, index) => submit(`${network}::${index + 1}`)),
    );
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(max);
    for (const result of settled)
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 429 });
    // The next /64 is another client.
    await submit(`2001:db8:${unique().slice(0, 4)}:8::1`);
  });

  it("asks to confirm a form sent without a token (no JavaScript), before counting it", async () => {
    const { db } = get();
    const address = unique();
    for (const form of [formWith({}), formWith({ formToken: "" })]) {
      const error = await guardSubmission({ db, secret, scope: "contact", address, form }).catch(
        (caught) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error.message).toBe(CONFIRM_TO_SEND);
      expect(error.status).toBe(400);
    }
    // Not counted: the address still has its whole allowance.
    for (let index = 0; index < rateLimits.contact.max; index++)
      await guardSubmission({
        db,
        secret,
        scope: "contact",
        address,
        form: formWith({ formToken: goodToken() }),
      });
  });

  it("lets the newsletter form through without a token, and with a fresh one", async () => {
    const { db } = get();
    for (const form of [
      formWith({ email: "a@example.com" }),
      formWith({ email: "a@example.com", formToken: issueFormToken(secret) }),
    ])
      await guardSubmission({
        db,
        secret,
        scope: "newsletter",
        address: unique(),
        form,
        isTokenOptional: true,
      });
    await expect(
      guardSubmission({
        db,
        secret,
        scope: "newsletter",
        address: unique(),
        form: formWith({ formToken: "ft2.forged" }),
        isTokenOptional: true,
      }),
    ).rejects.toThrow(FORM_EXPIRED);
  });
});
