import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gte, lt } from "drizzle-orm";
import { limitKeyOf } from "#server/client-address.ts";
import { lockKeys } from "#server/db/advisory-locks.ts";
import type { Db } from "#server/db/client.ts";
import { formSubmissions } from "#server/db/schema/antispam.ts";
import { AppError } from "#server/errors.ts";

/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
/** The signed moment a visitor started filling the form, and which filling it is. */
export const FORM_TOKEN_FIELD = "formToken";

/** Nobody reads a form and types a message faster than this (FORM_MIN_FILL_SECONDS). */
export const MIN_FILL_MS = 3_000;

/** The minimum fill time a server is set to, in milliseconds. */
export const minFillMsOf = (env: { FORM_MIN_FILL_SECONDS?: number }) =>
  env.FORM_MIN_FILL_SECONDS === undefined ? MIN_FILL_MS : env.FORM_MIN_FILL_SECONDS * 1000;
/** A form older than this has to be reloaded. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

export type FormScope = "comment" | "contact" | "newsletter";

/** Accepted submissions per address in the window, per form. */
export const rateLimits: Record<FormScope, { max: number; windowMs: number }> = {
  comment: { max: 5, windowMs: 10 * 60 * 1000 },
  contact: { max: 5, windowMs: 60 * 60 * 1000 },
  newsletter: { max: 5, windowMs: 10 * 60 * 1000 },
};

/** Matches an issued token anywhere in a text. */
export const FORM_TOKEN_PATTERN = /ft2\.\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g;
const TOKEN_SHAPE = /^ft2\.(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function sign(secret: string, issuedAt: number, key: string) {
  return createHmac("sha256", secret).update(`form:${issuedAt}:${key}`).digest("base64url");
}

/**
 * A token for a form a visitor starts filling now: the time, a random key that names
 * this one filling (the idempotency key of what it sends, see receipts.ts), and a signature.
 */
export function issueFormToken(secret: string, now = Date.now()) {
  const key = randomBytes(16).toString("base64url");
  return `ft2.${now}.${key}.${sign(secret, now, key)}`;
}

/** The issue time and key of a token this server signed; undefined for anything else. */
export function readFormToken(secret: string, token: unknown) {
  const match = typeof token === "string" ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const key = match[2];
  const expected = Buffer.from(sign(secret, issuedAt, key));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { issuedAt, key };
}

export const BOT_REFUSED =
  "We could not accept this submission. Please reload the page and try again.";
export const TOO_FAST =
  "That was quicker than anyone can type. Please wait a few seconds, then send it again.";
export const FORM_EXPIRED = "This form has expired. Please reload the page and send it again.";
export const TOO_MANY = "Too many submissions from your network. Please try again later.";
/** A form sent without a token (no JavaScript): the answer carries one, and the form asks again. */
export const CONFIRM_TO_SEND =
  "Almost done: please check what you wrote and send the form once more to confirm it.";

/**
 * Refuses a token that is forged, too fresh (a bot) or too old. `minFillMs: 0` skips the
 * fill-time check (a one-field form such as the newsletter's, filled by autofill at once).
 */
export function checkFormToken(
  secret: string,
  token: unknown,
  now = Date.now(),
  { minFillMs = MIN_FILL_MS } = {},
) {
  const read = readFormToken(secret, token);
  if (!read) throw new AppError("INVALID", FORM_EXPIRED);
  const age = now - read.issuedAt;
  if (age < minFillMs) throw new AppError("INVALID", TOO_FAST);
  if (age > MAX_FORM_AGE_MS) throw new AppError("INVALID", FORM_EXPIRED);
  return read;
}

export type GuardOptions = {
  db: Db;
  secret: string;
  scope: FormScope;
  address: string;
  form: FormData;
  /**
   * The newsletter: a form without a token is accepted (no JavaScript, double opt-in guards it)
   * and a token's fill time is not checked (autofill fills one field at once).
   */
  isTokenOptional?: boolean;
  /** The least time between starting to fill the form and sending it; MIN_FILL_MS unless set. */
  minFillMs?: number;
  now?: Date;
};

/**
 * The bot checks every public form runs before it writes anything: the
 * honeypot must be empty, the form must have been filled for long enough, and
 * the address must be under its rate limit. Each accepted submission is counted.
 * A form sent without a token (its page is cached and carries none; a visitor
 * without JavaScript never fetches one) is answered with CONFIRM_TO_SEND: the
 * route hands back a fresh token with what was typed, and the second sending counts.
 */
export async function guardSubmission(options: GuardOptions) {
  const { db, secret, scope, address, form } = options;
  const now = options.now ?? new Date();
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "")
    throw new AppError("INVALID", BOT_REFUSED);
  const token = form.get(FORM_TOKEN_FIELD);
  if (options.isTokenOptional) {
    if (token) checkFormToken(secret, token, now.getTime(), { minFillMs: 0 });
  } else {
    if (!token) throw new AppError("INVALID", CONFIRM_TO_SEND);
    checkFormToken(secret, token, now.getTime(), { minFillMs: options.minFillMs });
  }
  await recordSubmission({ db, scope, address, now });
}

/**
 * Counts one submission and refuses it when the address (an IPv6 client by its /64) is over
 * its limit. Counting and recording are one step under a lock on the form and address, so
 * parallel submissions cannot all see room under the limit (decision 209).
 */
export async function recordSubmission({
  db,
  scope,
  address: clientAddress,
  now = new Date(),
}: {
  db: Db;
  scope: FormScope;
  address: string;
  now?: Date;
}) {
  const { max, windowMs } = rateLimits[scope];
  const since = new Date(now.getTime() - windowMs);
  const address = limitKeyOf(clientAddress);
  await db.transaction(async (tx) => {
    await lockKeys(tx, [["formAddress", `${scope}:${address}`]]);
    const where = and(
      eq(formSubmissions.scope, scope),
      eq(formSubmissions.address, address),
      gte(formSubmissions.createdAt, since),
    );
    const [{ value }] = await tx.select({ value: count() }).from(formSubmissions).where(where);
    if (value >= max) {
      throw new AppError("RATE_LIMITED", TOO_MANY, {
        retryAfterSeconds: Math.ceil(windowMs / 1000),
      });
    }
    await tx.insert(formSubmissions).values({ scope, address, createdAt: now });
    // Old rows only matter for the window; drop this address's stale ones as we go.
    await tx
      .delete(formSubmissions)
      .where(
        and(
          eq(formSubmissions.scope, scope),
          eq(formSubmissions.address, address),
          lt(formSubmissions.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
        ),
      );
  });
}
