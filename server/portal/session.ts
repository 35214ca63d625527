import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { clientContacts, clients } from "#server/db/schema/clients.ts";
import { portalAccess, portalSessions } from "#server/db/schema/portal.ts";
import type { Env } from "#server/env.ts";

// Portal sessions: their own cookie and table, never Better Auth's. A staff cookie is
// not read here and a portal cookie is not read by the staff guard (decision 402).

/** A session ends this long after sign-in, whatever the activity. */
export const PORTAL_SESSION_MAX_MS = 7 * 24 * 3600_000;
/** ...and after this long without a request. */
export const PORTAL_SESSION_IDLE_MS = 24 * 3600_000;
// lastSeenAt is written at most this often, so reads stay cheap.
const LAST_SEEN_WRITE_MS = 60_000;

export function hashSecret(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** The portal's cookie: `__Host-` prefixed and Secure when PUBLIC_URL is https. */
export function portalCookieName(env: Pick<Env, "PUBLIC_URL">) {
  return isHttps(env) ? "__Host-frontier.portal" : "frontier.portal";
}

function isHttps(env: Pick<Env, "PUBLIC_URL">) {
  return env.PUBLIC_URL.startsWith("https://");
}

function cookieHeader(env: Pick<Env, "PUBLIC_URL">, value: string, maxAgeSeconds: number) {
  const parts = [
    `${portalCookieName(env)}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isHttps(env)) parts.push("Secure");
  return parts.join("; ");
}

/** The Set-Cookie value that removes the portal cookie. */
export function clearPortalCookie(env: Pick<Env, "PUBLIC_URL">) {
  return cookieHeader(env, "", 0);
}

/** The portal session token the request carries, if any. */
export function readPortalCookie(request: Request, env: Pick<Env, "PUBLIC_URL">) {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const name = portalCookieName(env);
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Starts a session for a contact; returns the Set-Cookie header value. */
export async function createPortalSession(
  db: Db | Tx,
  {
    env,
    contactId,
    clientId,
    address,
    userAgent,
  }: {
    env: Pick<Env, "PUBLIC_URL">;
    contactId: string;
    clientId: string;
    address?: string;
    userAgent?: string | null;
  },
) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(portalSessions).values({
    tokenHash: hashSecret(token),
    contactId,
    clientId,
    expiresAt: new Date(Date.now() + PORTAL_SESSION_MAX_MS),
    address: address ?? null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return cookieHeader(env, token, Math.floor(PORTAL_SESSION_MAX_MS / 1000));
}

/** Who is signed in to the portal: a client contact, seen through their client. */
export type PortalViewer = {
  sessionId: string;
  contactId: string;
  clientId: string;
  name: string;
  email: string;
  company: string;
};

/**
 * The contact signed in with this request's portal cookie. An expired or idle
 * session, revoked access or a removed contact ends the session on the spot.
 */
export async function findPortalViewer({
  db,
  env,
  request,
  isActivity = true,
}: {
  db: Db;
  env: Pick<Env, "PUBLIC_URL">;
  request: Request;
  /** False for checks that are not the contact doing something (an open tab's event stream). */
  isActivity?: boolean;
}): Promise<PortalViewer | undefined> {
  const token = readPortalCookie(request, env);
  if (!token) return undefined;
  const [row] = await db
    .select({
      sessionId: portalSessions.id,
      expiresAt: portalSessions.expiresAt,
      lastSeenAt: portalSessions.lastSeenAt,
      sessionClientId: portalSessions.clientId,
      contactId: clientContacts.id,
      clientId: clients.id,
      name: clientContacts.name,
      email: clientContacts.email,
      company: clients.company,
      hasAccess: portalAccess.contactId,
    })
    .from(portalSessions)
    .innerJoin(clientContacts, eq(clientContacts.id, portalSessions.contactId))
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .leftJoin(
      portalAccess,
      and(eq(portalAccess.contactId, portalSessions.contactId), isNull(portalAccess.revokedAt)),
    )
    .where(eq(portalSessions.tokenHash, hashSecret(token)));
  if (!row) return undefined;
  const now = Date.now();
  const idleMs = now - row.lastSeenAt.getTime();
  if (
    !row.hasAccess ||
    // A contact moved to another client (or its row replaced) does not carry a session along.
    row.clientId !== row.sessionClientId ||
    row.expiresAt.getTime() <= now ||
    idleMs > PORTAL_SESSION_IDLE_MS
  ) {
    await db.delete(portalSessions).where(eq(portalSessions.id, row.sessionId));
    return undefined;
  }
  if (isActivity && idleMs > LAST_SEEN_WRITE_MS)
    await db
      .update(portalSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(portalSessions.id, row.sessionId));
  return {
    sessionId: row.sessionId,
    contactId: row.contactId,
    clientId: row.clientId,
    name: row.name,
    email: row.email,
    company: row.company,
  };
}

export async function endPortalSession(db: Db, sessionId: string) {
  await db.delete(portalSessions).where(eq(portalSessions.id, sessionId));
}

/** Ends every open session of a contact (access revoked). */
export async function endContactSessions(db: Db | Tx, contactId: string) {
  await db.delete(portalSessions).where(eq(portalSessions.contactId, contactId));
}
