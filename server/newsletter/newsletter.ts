import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import {
  pendingTouchpointsOf,
  saveFirstTouchpoints,
  type Touchpoint,
  touchpointsFromPending,
} from "#server/analytics/touchpoints.ts";
import { guardSubmission } from "#server/antispam/antispam.ts";
import { formKeyOf, hasFormReceipt, writeOnce } from "#server/antispam/receipts.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { subscribers } from "#server/db/schema/content.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { sendMail } from "#server/mail/mailer.ts";
import { emitWebhookEvent } from "#server/webhooks/events.ts";
import { subscriberPayload } from "#server/webhooks/payloads.ts";
import {
  NEWSLETTER_INVALID_EMAIL,
  NEWSLETTER_UNAVAILABLE,
  newsletterSchema,
} from "#shared/newsletter.ts";

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The same answer whatever the address's state, so it reveals nothing. */
export const SUBSCRIBE_THANKS =
  "Almost there! Check your inbox for a link to confirm your subscription.";

type NewsletterEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "AUTH_SECRET">;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export function unsubscribeUrl(publicUrl: string, unsubscribeToken: string) {
  return `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
}

/**
 * The headers every newsletter mail carries: a one-click unsubscribe (RFC 8058)
 * that a mail client can POST to without opening a page.
 */
export function unsubscribeHeaders(publicUrl: string, unsubscribeToken: string) {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(publicUrl, unsubscribeToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The cookie a browser that signed up with pages keeps its trail key in: sent only to the
 * newsletter's own addresses (the sign-up and the confirmation), for as long as a
 * confirmation link works.
 */
export const TRAIL_KEY_COOKIE = "frontier.newsletter";

export function readTrailKey(request: Request) {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === TRAIL_KEY_COOKIE) return value.join("=");
  }
  return undefined;
}

/** The Set-Cookie value that keeps `trailKey` in this browser. */
export function trailKeyCookie(env: Pick<Env, "PUBLIC_URL">, trailKey: string) {
  const parts = [
    `${TRAIL_KEY_COOKIE}=${trailKey}`,
    "Path=/newsletter",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${CONFIRM_TOKEN_TTL_MS / 1000}`,
  ];
  if (env.PUBLIC_URL.startsWith("https://")) parts.push("Secure");
  return parts.join("; ");
}

/** A browser's trail key (the sign-up cookie's value): 256 random bits, base64url. */
export function isTrailKey(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * A footer sign-up: a pending subscriber and a confirmation mail, in one
 * transaction so a mail that cannot be sent leaves nothing behind. Confirmed
 * addresses get no mail and the same answer. The same filling of the form sent
 * again (its answer was lost) sends no second mail, so the first link keeps working.
 *
 * The pages sent with it wait with the pending sign-up, under the hash of the browser's
 * trail key (its cookie's, or a new one returned as `trailKey` for the route to set): they
 * count only when the same browser confirms (decision 314). A newer sign-up of the same
 * address replaces them, with its own key.
 */
export async function subscribeToNewsletter({
  db,
  env,
  form,
  address,
  touchpoints = [],
  trailKey,
}: {
  db: Db;
  env: NewsletterEnv;
  form: FormData;
  address: string;
  /** The pages seen before signing up (server/analytics). */
  touchpoints?: Touchpoint[];
  /** The key this browser already keeps (its sign-up cookie), if any. */
  trailKey?: string;
}): Promise<{ message: string; trailKey?: string }> {
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) throw new AppError("INVALID", NEWSLETTER_INVALID_EMAIL);
  const key = formKeyOf({ secret: env.AUTH_SECRET, form });
  if (await hasFormReceipt({ db, scope: "newsletter", key })) return { message: SUBSCRIBE_THANKS };
  await guardSubmission({
    db,
    secret: env.AUTH_SECRET,
    scope: "newsletter",
    address,
    form,
    isTokenOptional: true,
  });
  const email = parsed.data.email.toLowerCase();
  const browserKey =
    touchpoints.length === 0 ? undefined : isTrailKey(trailKey) ? trailKey : newToken();
  const trail = browserKey ? { touchpoints, keyHash: hashToken(browserKey) } : undefined;
  try {
    await writeOnce({
      db,
      scope: "newsletter",
      key,
      write: (tx) => signUpSubscriber({ tx, env, email, trail }),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn("newsletter sign-up failed", error);
    throw new AppError("UNAVAILABLE", NEWSLETTER_UNAVAILABLE);
  }
  return { message: SUBSCRIBE_THANKS, trailKey: browserKey };
}

/** A pending subscriber (or one pending again) and its confirmation mail; confirmed addresses get none. */
async function signUpSubscriber({
  tx,
  env,
  email,
  trail,
}: {
  tx: Tx;
  env: NewsletterEnv;
  email: string;
  trail?: { touchpoints: Touchpoint[]; keyHash: string };
}) {
  const [existing] = await tx
    .select({ id: subscribers.id, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.email, email))
    .for("update");
  if (existing?.status === "confirmed") return;
  const token = newToken();
  const values = {
    status: "pending" as const,
    confirmTokenHash: hashToken(token),
    confirmTokenExpiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_MS),
    // This sign-up's pages (or none) replace those of an earlier, unconfirmed one.
    pendingTouchpoints: trail ? pendingTouchpointsOf(trail.touchpoints) : null,
    pendingTrailKeyHash: trail?.keyHash ?? null,
  };
  const [row] = existing
    ? await tx
        .update(subscribers)
        .set({ ...values, unsubscribedAt: null })
        .where(eq(subscribers.id, existing.id))
        .returning({ id: subscribers.id, unsubscribeToken: subscribers.unsubscribeToken })
    : await tx
        .insert(subscribers)
        .values({ email, source: "website", unsubscribeToken: newToken(), ...values })
        .returning({ id: subscribers.id, unsubscribeToken: subscribers.unsubscribeToken });
  await sendConfirmationMail(tx, env, { email, token, unsubscribeToken: row.unsubscribeToken });
}

async function sendConfirmationMail(
  tx: Tx,
  env: NewsletterEnv,
  { email, token, unsubscribeToken }: { email: string; token: string; unsubscribeToken: string },
) {
  const confirmUrl = `${env.PUBLIC_URL}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const leaveUrl = unsubscribeUrl(env.PUBLIC_URL, unsubscribeToken);
  await sendMail(
    { db: tx as unknown as Db, env },
    {
      to: email,
      subject: "Confirm your Digital Frontier newsletter subscription",
      text: [
        "Hello,",
        "",
        "Someone (hopefully you) asked to receive the Digital Frontier newsletter at this address.",
        "Confirm your subscription with this link (it works once, for 7 days):",
        "",
        confirmUrl,
        "",
        "If you did not ask for it, ignore this mail and nothing will happen.",
        "",
        `Unsubscribe: ${leaveUrl}`,
      ].join("\n"),
      html: [
        "<p>Hello,</p>",
        "<p>Someone (hopefully you) asked to receive the Digital Frontier newsletter at this address.</p>",
        `<p><a href="${confirmUrl}">Confirm your subscription</a> (the link works once, for 7 days).</p>`,
        "<p>If you did not ask for it, ignore this mail and nothing will happen.</p>",
        `<p style="font-size:12px"><a href="${leaveUrl}">Unsubscribe</a></p>`,
      ].join("\n"),
      headers: unsubscribeHeaders(env.PUBLIC_URL, unsubscribeToken),
    },
  );
}

export type ConfirmResult = "confirmed" | "invalid";

/**
 * Confirms a subscription with the single-use token from the mail. The pages that waited
 * with the sign-up become the subscriber's only when `trailKey` (the confirming browser's
 * sign-up cookie) is the key they were sent under: pages someone else sent with this
 * address, from their own browser, never count.
 */
export async function confirmSubscription({
  db,
  token,
  trailKey,
  now = new Date(),
}: {
  db: Db;
  token: string;
  trailKey?: string;
  now?: Date;
}): Promise<ConfirmResult> {
  if (!token || token.length > 200) return "invalid";
  const row = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({
        id: subscribers.id,
        pendingTouchpoints: subscribers.pendingTouchpoints,
        pendingTrailKeyHash: subscribers.pendingTrailKeyHash,
      })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.confirmTokenHash, hashToken(token)),
          eq(subscribers.status, "pending"),
          gt(subscribers.confirmTokenExpiresAt, now),
        ),
      )
      .for("update");
    if (!pending) return undefined;
    const [confirmed] = await tx
      .update(subscribers)
      .set({
        status: "confirmed",
        confirmedAt: now,
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
        pendingTouchpoints: null,
        pendingTrailKeyHash: null,
      })
      .where(eq(subscribers.id, pending.id))
      .returning();
    const isSameBrowser =
      isTrailKey(trailKey) && pending.pendingTrailKeyHash === hashToken(trailKey);
    if (isSameBrowser && pending.pendingTouchpoints)
      await saveFirstTouchpoints(
        tx,
        { subscriberId: pending.id },
        touchpointsFromPending(pending.pendingTouchpoints),
      );
    await emitWebhookEvent(tx, {
      type: "subscriber.confirmed",
      data: subscriberPayload(confirmed),
    });
    return confirmed;
  });
  return row ? "confirmed" : "invalid";
}

/** Unsubscribes the holder of an unsubscribe token. Repeating it is harmless. */
export async function unsubscribeFromNewsletter({ db, token }: { db: Db; token: string }) {
  // Our tokens are base64url; anything else (a NUL byte would make the database refuse the query) is not one.
  if (!token || token.length > 200 || !/^[\w-]+$/.test(token)) return "invalid" as const;
  const [row] = await db
    .select({ id: subscribers.id, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, token));
  if (!row) return "invalid" as const;
  if (row.status !== "unsubscribed") {
    await db
      .update(subscribers)
      .set({
        status: "unsubscribed",
        unsubscribedAt: new Date(),
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
        pendingTouchpoints: null,
        pendingTrailKeyHash: null,
      })
      .where(eq(subscribers.id, row.id));
  }
  return "unsubscribed" as const;
}
