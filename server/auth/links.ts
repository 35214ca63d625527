import { and, count, eq, gt } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import { consumeRateLimit } from "#server/chat/rate-limit.ts";
import { limitKeyOf } from "#server/client-address.ts";
import type { Db } from "#server/db/client.ts";
import { authTokens, authUsers } from "#server/db/schema/auth.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { MailDeliveryError, sendMail } from "#server/mail/mailer.ts";
import type { Role } from "./roles";
import { roleLabel } from "./roles";
import {
  consumeToken,
  createToken,
  deleteToken,
  findUsableToken,
  hasNewerToken,
  revokeTokens,
  tokenExpiredMessage,
} from "./tokens";
import { createStaffUser, findStaffUser, hasActiveAdmin, setStaffPassword } from "./users";

// The one-time links: first-run setup, password reset and team invitations.

type LinkContext = { db: Db; env: Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "MAIL_FROM"> };

function link(env: Pick<Env, "PUBLIC_URL">, path: string, token: string) {
  return `${env.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function mailBody(lines: string[], url: string, action: string) {
  const text = [...lines, "", url, ""].join("\n");
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`;
  return { text, html };
}

/**
 * At start-up with no admin: a new one-time link (24 h) to create the first
 * admin in the browser; older setup links stop working. Returns the URL, or
 * undefined when an admin exists.
 */
export async function issueSetupLink({ db, env }: LinkContext) {
  if (await hasActiveAdmin(db)) return undefined;
  await revokeTokens(db, "setup");
  const url = link(env, "/setup", await createToken(db, { kind: "setup" }));
  log.info(`No admin account yet. Create the first one (link valid 24 h, single use): ${url}`);
  return url;
}

export async function completeSetup(
  { db }: LinkContext,
  input: { token: string; name: string; email: string; password: string },
  address?: string,
) {
  await consumeToken(db, "setup", input.token);
  if (await hasActiveAdmin(db))
    throw new AppError("GONE", "An admin account exists already. Sign in instead.");
  return createStaffUser(
    { db },
    { email: input.email, password: input.password, name: input.name, role: "admin" },
    { id: null, address },
  );
}

export { RESET_REQUESTED_MESSAGE } from "#shared/auth-forms.ts";

const RESETS_PER_HOUR = 3;

async function recentResetCount(db: Db, userId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, "reset"),
        eq(authTokens.userId, userId),
        gt(authTokens.createdAt, new Date(Date.now() - 3600_000)),
      ),
    );
  return row.total;
}

export const PASSWORD_RESET_JOB = "auth.password-reset";

/** Forgot-password requests per address typed and per client address, in 15 minutes. */
export const RESET_REQUEST_LIMITS = { windowMs: 15 * 60_000, perEmail: 5, perAddress: 20 };

function tooManyResets(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many reset links were asked for. Wait ${minutes} minute${minutes === 1 ? "" : "s"}, then try again.`;
}

/**
 * The forgot-password form: queues the work and returns, so the answer is the same, in
 * the same time, whether or not the account exists and whether or not the mail server
 * is up. The job (`sendPasswordResetLink`) looks the account up and mails, with retries.
 * Requests are limited per address typed and per client address before anything is queued,
 * counted atomically, alike for every address (a refusal says nothing about an account).
 */
export async function requestPasswordReset(
  { db }: { db: Db },
  { email, address }: { email: string; address: string },
) {
  const normalised = email.trim().toLowerCase();
  const { windowMs, perEmail, perAddress } = RESET_REQUEST_LIMITS;
  const message = tooManyResets;
  await consumeRateLimit(db, {
    key: `reset:email:${normalised}`,
    limit: perEmail,
    windowMs,
    message,
  });
  await consumeRateLimit(db, {
    key: `reset:address:${limitKeyOf(address)}`,
    limit: perAddress,
    windowMs,
    message,
  });
  await enqueueJob(db, {
    kind: PASSWORD_RESET_JOB,
    payload: { email: normalised },
    maxAttempts: 5,
  });
}

/**
 * Mails a reset link when the account exists and is enabled, otherwise does nothing.
 * Run by the job for the public form, and directly when an admin sends a link
 * (`actor`), who is told when the mail server refuses.
 */
export async function sendPasswordResetLink(
  context: LinkContext,
  { email }: { email: string },
  actor?: Actor,
) {
  const user = await findStaffUser(context.db, { email });
  if (!user || user.isDisabled) return;
  // At most a few reset mails an hour per account, so the form cannot flood an inbox.
  if (!actor && (await recentResetCount(context.db, user.id)) >= RESETS_PER_HOUR) return;
  const token = await createToken(context.db, {
    kind: "reset",
    userId: user.id,
    email: user.email,
    createdBy: actor?.id,
  });
  const url = link(context.env, "/reset-password", token);
  try {
    await sendMail(context, {
      to: user.email,
      subject: "Reset your Frontier password",
      ...mailBody(
        [
          `Hello ${user.name},`,
          "Someone asked to reset the password of your Frontier command center account. If it was you, choose a new password with the link below. It works once and for 1 hour.",
          "If it was not you, ignore this mail: your password stays as it is.",
        ],
        url,
        "Choose a new password",
      ),
    });
  } catch (error) {
    // A link nobody received must neither work nor count against the hourly limit.
    await deleteToken(context.db, token);
    if (actor && error instanceof MailDeliveryError) throw mailRefused();
    throw error;
  }
  if (actor)
    await recordAudit(context.db, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "send-reset",
      area: "team",
      recordId: user.id,
      detail: { email: user.email },
    });
}

function mailRefused() {
  return new AppError(
    "UNAVAILABLE",
    "The mail server did not accept the mail. Nothing was sent; try again in a few minutes.",
  );
}

/** What the older of two reset links says: only the newest link mailed works. */
export const SUPERSEDED_RESET_MESSAGE =
  "A newer reset link was sent after this one, so this one no longer works. Use the link in the most recent mail.";

export type ResetLinkState = { state: "usable"; email: string } | { state: "superseded" | "gone" };

/**
 * What the reset page shows for a link, before anything is typed: the form, "a newer link
 * was sent" for an unused link that a newer one replaced, or "expired or used".
 */
export async function findResetLink(db: Db, token: string): Promise<ResetLinkState> {
  const row = await findUsableToken(db, "reset", token);
  if (!row?.email) return { state: "gone" };
  if (await hasNewerToken(db, row)) return { state: "superseded" };
  return { state: "usable", email: row.email };
}

export async function resetPassword(
  { db }: LinkContext,
  { token, password }: { token: string; password: string },
) {
  return db.transaction(async (tx) => {
    // Only the newest link mailed for the account works: an older one in a mailbox read
    // later (or by someone else) sets nothing.
    const usable = await findUsableToken(tx, "reset", token);
    if (!usable) throw new AppError("GONE", tokenExpiredMessage("reset"));
    if (await hasNewerToken(tx, usable)) throw new AppError("GONE", SUPERSEDED_RESET_MESSAGE);
    const row = await consumeToken(tx, "reset", token);
    if (!row.userId) throw new AppError("GONE", "This reset link is not valid any more.");
    const [user] = await tx
      .select({ id: authUsers.id, banned: authUsers.banned })
      .from(authUsers)
      .where(eq(authUsers.id, row.userId));
    if (!user || user.banned)
      throw new AppError(
        "GONE",
        "This account is disabled. Ask an admin of your team to enable it.",
      );
    await setStaffPassword(tx, user.id, password);
    await recordAudit(tx, {
      actorId: user.id,
      action: "reset-password",
      area: "account",
      recordId: user.id,
    });
  });
}

/** Mails an invitation link (72 h) with which the invitee sets their own password. */
export async function inviteStaffMember(
  context: LinkContext,
  { email, role }: { email: string; role: Role },
  actor: Actor,
) {
  const address = email.trim().toLowerCase();
  if (await findStaffUser(context.db, { email: address }))
    throw new AppError("CONFLICT", "There is already an account with this email.", {
      fieldErrors: { email: ["There is already an account with this email."] },
    });
  const token = await createToken(context.db, {
    kind: "invite",
    email: address,
    role,
    createdBy: actor.id,
  });
  const url = link(context.env, "/accept-invite", token);
  try {
    await sendMail(context, {
      to: address,
      subject: "You are invited to the Frontier command center",
      ...mailBody(
        [
          "Hello,",
          `${actor.email ?? "An admin"} invited you to the Frontier command center as ${roleLabel[role]}.`,
          "Choose your name and password with the link below. It works once, within 72 hours.",
        ],
        url,
        "Accept the invitation",
      ),
    });
  } catch (error) {
    await deleteToken(context.db, token);
    if (error instanceof MailDeliveryError) throw mailRefused();
    throw error;
  }
  await recordAudit(context.db, {
    actorId: actor.id,
    actorEmail: actor.email,
    address: actor.address,
    action: "invite",
    area: "team",
    recordId: address,
    detail: { email: address, role },
  });
}

export async function acceptInvitation(
  { db }: LinkContext,
  input: { token: string; name: string; password: string },
  address?: string,
) {
  const row = await consumeToken(db, "invite", input.token);
  if (!row.email) throw new AppError("GONE", "This invitation is not valid any more.");
  const [existing] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.email, row.email)));
  if (existing)
    throw new AppError("CONFLICT", "This invitation was accepted already. Sign in instead.");
  return createStaffUser(
    { db },
    {
      email: row.email,
      password: input.password,
      name: input.name,
      role: (row.role as Role) ?? "none",
    },
    { id: null, email: row.email, address },
  );
}
