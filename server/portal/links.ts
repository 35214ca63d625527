import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { escapeHtml } from "#server/business/notify.ts";
import { limitKeyOf } from "#server/client-address.ts";
import { lockKeys } from "#server/db/advisory-locks.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import {
  type PortalLinkKind,
  portalAccess,
  portalLinks,
  portalSignInRequests,
} from "#server/db/schema/portal.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { sendMail } from "#server/mail/mailer.ts";
import { LINK_GONE_MESSAGE } from "#shared/portal.ts";
import { recordPortalEvent } from "./activity";
import { createPortalSession, hashSecret } from "./session";

// One-time links into the portal: asked for by email at /portal/sign-in (15 minutes),
// or sent by staff as an invitation (72 hours). Decision 402.

export const LINK_LIFETIME_MS: Record<PortalLinkKind, number> = {
  "sign-in": 15 * 60_000,
  invite: 72 * 3600_000,
};

/** Requests for a link counted per address typed and per client address, in this window. */
export const SIGN_IN_REQUEST_LIMITS = { windowMs: 15 * 60_000, perEmail: 5, perAddress: 20 };

export const SEND_SIGN_IN_LINK_JOB = "portal.sign-in-link";

type MailEnv = Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "MAIL_FROM">;

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Someone asks for a sign-in link. Whether the address belongs to a contact is not
 * looked at here: the same checks and writes run for every address, the answer is the
 * same, and the job runner does the looking up and the mailing afterwards.
 */
export async function requestSignInLink({
  db,
  email,
  address: clientAddress,
}: {
  db: Db;
  email: string;
  address: string;
}) {
  const normalised = normaliseEmail(email);
  const address = limitKeyOf(clientAddress);
  // Counting and recording are one step (decision 209): parallel requests for the same
  // address typed, or from the same client address, queue on its lock and each one counts
  // the requests committed before it. The job is queued in the same transaction.
  await db.transaction(async (tx) => {
    await lockKeys(tx, [
      ["portalLinkEmail", normalised],
      ["portalLinkAddress", address],
    ]);
    const since = new Date(Date.now() - SIGN_IN_REQUEST_LIMITS.windowMs);
    const countWhere = (where: SQL | undefined) =>
      tx
        .select({ total: count() })
        .from(portalSignInRequests)
        .where(and(where, gt(portalSignInRequests.createdAt, since)));
    const [byEmail] = await countWhere(eq(portalSignInRequests.email, normalised));
    const [byAddress] = await countWhere(eq(portalSignInRequests.address, address));
    if (
      byEmail.total >= SIGN_IN_REQUEST_LIMITS.perEmail ||
      byAddress.total >= SIGN_IN_REQUEST_LIMITS.perAddress
    )
      throw new AppError(
        "RATE_LIMITED",
        "Too many sign-in links were asked for. Wait 15 minutes, then try again.",
        { retryAfterSeconds: SIGN_IN_REQUEST_LIMITS.windowMs / 1000 },
      );
    await tx.insert(portalSignInRequests).values({ email: normalised, address });
    await enqueueJob(tx, { kind: SEND_SIGN_IN_LINK_JOB, payload: { email: normalised } });
  });
}

async function createLink(db: Db | Tx, contactId: string, kind: PortalLinkKind) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(portalLinks).values({
    tokenHash: hashSecret(token),
    contactId,
    kind,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[kind]),
  });
  return token;
}

export function portalLinkUrl(env: Pick<Env, "PUBLIC_URL">, token: string) {
  return `${env.PUBLIC_URL}/portal/sign-in?token=${encodeURIComponent(token)}`;
}

/** The job behind a request: a link for each client this address may sign in to, or nothing. */
export async function sendSignInLinks({ db, env, email }: { db: Db; env: MailEnv; email: string }) {
  const contacts = await db
    .select({ id: clientContacts.id, name: clientContacts.name, company: clients.company })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .innerJoin(
      portalAccess,
      and(eq(portalAccess.contactId, clientContacts.id), isNull(portalAccess.revokedAt)),
    )
    .where(eq(sql`lower(${clientContacts.email})`, normaliseEmail(email)))
    .orderBy(clients.company);
  if (!contacts.length) {
    log.debug("portal sign-in link asked for an address without access");
    return;
  }
  const links = [];
  for (const contact of contacts)
    links.push({
      ...contact,
      url: portalLinkUrl(env, await createLink(db, contact.id, "sign-in")),
    });
  const lines = [
    `Hello ${contacts[0].name},`,
    "",
    "Here is your link to the Frontier client portal. It works once, within 15 minutes.",
    "",
    ...links.flatMap((link) =>
      links.length > 1 ? [`${link.company}:`, link.url, ""] : [link.url, ""],
    ),
    "If you did not ask for it, ignore this mail: nobody can sign in without it.",
  ];
  const html = [
    `<p>Hello ${escapeHtml(contacts[0].name)},</p>`,
    "<p>Here is your link to the Frontier client portal. It works once, within 15 minutes.</p>",
    ...links.map(
      (link) =>
        `<p><a href="${escapeHtml(link.url)}">Sign in${links.length > 1 ? ` to ${escapeHtml(link.company)}` : ""}</a></p>`,
    ),
    "<p>If you did not ask for it, ignore this mail: nobody can sign in without it.</p>",
  ].join("");
  await sendMail(
    { db, env },
    {
      to: normaliseEmail(email),
      subject: "Your sign-in link to the Frontier client portal",
      text: lines.join("\n"),
      html,
    },
  );
}

/** An invitation's link, valid 72 hours (the invitee may not read mail the same day). */
export function createInvitationLink(db: Db | Tx, contactId: string) {
  return createLink(db, contactId, "invite");
}

async function usableLink(db: Db | Tx, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({
      id: portalLinks.id,
      kind: portalLinks.kind,
      contactId: clientContacts.id,
      clientId: clientContacts.clientId,
      name: clientContacts.name,
      email: clientContacts.email,
      company: clients.company,
    })
    .from(portalLinks)
    .innerJoin(clientContacts, eq(clientContacts.id, portalLinks.contactId))
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .innerJoin(
      portalAccess,
      and(eq(portalAccess.contactId, portalLinks.contactId), isNull(portalAccess.revokedAt)),
    )
    .where(
      and(
        eq(portalLinks.tokenHash, hashSecret(token)),
        isNull(portalLinks.usedAt),
        gt(portalLinks.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Whom a link would sign in, without using it (the page asks them to confirm first). */
export async function findSignInLink({ db, token }: { db: Db; token: string }) {
  const row = await usableLink(db, token);
  return row ? { name: row.name, company: row.company, kind: row.kind } : undefined;
}

/**
 * Uses a link up (once: the update that marks it used is the check) and starts a
 * session. Returns the Set-Cookie value.
 */
export async function signInWithLink({
  db,
  env,
  token,
  address,
  userAgent,
}: {
  db: Db;
  env: Pick<Env, "PUBLIC_URL">;
  token: string;
  address: string;
  userAgent?: string | null;
}) {
  return db.transaction(async (tx) => {
    const link = await usableLink(tx, token);
    if (!link) throw new AppError("GONE", LINK_GONE_MESSAGE);
    const [used] = await tx
      .update(portalLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(portalLinks.id, link.id), isNull(portalLinks.usedAt)))
      .returning({ id: portalLinks.id });
    if (!used) throw new AppError("GONE", LINK_GONE_MESSAGE);
    const cookie = await createPortalSession(tx, {
      env,
      contactId: link.contactId,
      clientId: link.clientId,
      address,
      userAgent,
    });
    await tx
      .update(portalAccess)
      .set({ lastSignInAt: new Date() })
      .where(eq(portalAccess.contactId, link.contactId));
    await recordPortalEvent(tx, {
      viewer: link,
      address,
      action: "sign-in",
      summary: `${link.name} signed in to the portal${link.kind === "invite" ? " for the first time (invitation)" : ""}`,
      detail: { via: link.kind },
    });
    return cookie;
  });
}
