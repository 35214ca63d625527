import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { formSubmissions } from "#server/db/schema/antispam.ts";
import { AppError } from "#server/errors.ts";

/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
/** The signed moment the form was handed out. */
export const FORM_TOKEN_FIELD = "formToken";

/** Nobody reads a form and types a message faster than this. */
export const MIN_FILL_MS = 3_000;
/** A form older than this has to be reloaded. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

export type FormScope = "comment" | "contact" | "newsletter";

/** Accepted submissions per address in the window, per form. */
export const rateLimits: Record<FormScope, { max: number; windowMs: number }> = {
  comment: { max: 5, windowMs: 10 * 60 * 1000 },
  contact: { max: 5, windowMs: 60 * 60 * 1000 },
  newsletter: { max: 5, windowMs: 10 * 60 * 1000 },
};

/** Matches an issued token anywhere in a page (the page cache swaps in fresh ones). */
export const FORM_TOKEN_PATTERN = /ft1\.\d{13}\.[A-Za-z0-9_-]{43}/g;

function sign(secret: string, issuedAt: number) {
  return createHmac("sha256", secret).update(`form:${issuedAt}`).digest("base64url");
}

/** A token for a form handed out now: the time and its signature. */
export function issueFormToken(secret: string, now = Date.now()) {
  return `ft1.${now}.${sign(secret, now)}`;
}

export const BOT_REFUSED =
  "We could not accept this submission. Please reload the page and try again.";
export const TOO_FAST =
  "That was quicker than anyone can type. Please wait a few seconds, then send it again.";
export const FORM_EXPIRED = "This form has expired. Please reload the page and send it again.";
export const TOO_MANY = "Too many submissions from your network. Please try again later.";

/** Refuses a token that is forged, too fresh (a bot) or too old. */
export function checkFormToken(secret: string, token: unknown, now = Date.now()) {
  const match =
    typeof token === "string" ? /^ft1\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) throw new AppError("INVALID", FORM_EXPIRED);
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError("INVALID", FORM_EXPIRED);
  const age = now - issuedAt;
  if (age < MIN_FILL_MS) throw new AppError("INVALID", TOO_FAST);
  if (age > MAX_FORM_AGE_MS) throw new AppError("INVALID", FORM_EXPIRED);
}

export type GuardOptions = {
  db: Db;
  secret: string;
  scope: FormScope;
  address: string;
  form: FormData;
  /** Skip the fill-time check (forms without a token, such as the footer newsletter). */
  isTokenOptional?: boolean;
  now?: Date;
};

/**
 * The bot checks every public form runs before it writes anything: the
 * honeypot must be empty, the form must have been open long enough, and the
 * address must be under its rate limit. Each accepted submission is counted.
 */
export async function guardSubmission(options: GuardOptions) {
  const { db, secret, scope, address, form } = options;
  const now = options.now ?? new Date();
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "")
    throw new AppError("INVALID", BOT_REFUSED);
  const token = form.get(FORM_TOKEN_FIELD);
  if (!options.isTokenOptional || token) checkFormToken(secret, token, now.getTime());
  await recordSubmission({ db, scope, address, now });
}

/** Counts one submission and refuses it when the address is over its limit. */
export async function recordSubmission({
  db,
  scope,
  address,
  now = new Date(),
}: {
  db: Db;
  scope: FormScope;
  address: string;
  now?: Date;
}) {
  const { max, windowMs } = rateLimits[scope];
  const since = new Date(now.getTime() - windowMs);
  const where = and(
    eq(formSubmissions.scope, scope),
    eq(formSubmissions.address, address),
    gte(formSubmissions.createdAt, since),
  );
  const [{ value }] = await db.select({ value: count() }).from(formSubmissions).where(where);
  if (value >= max) {
    throw new AppError("RATE_LIMITED", TOO_MANY, {
      retryAfterSeconds: Math.ceil(windowMs / 1000),
    });
  }
  await db.insert(formSubmissions).values({ scope, address, createdAt: now });
  // Old rows only matter for the window; drop this address's stale ones as we go.
  await db
    .delete(formSubmissions)
    .where(
      and(
        eq(formSubmissions.scope, scope),
        eq(formSubmissions.address, address),
        lt(formSubmissions.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    );
}
