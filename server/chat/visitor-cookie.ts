import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The anonymous visitor's chat identity: a random id, signed so it cannot be forged or guessed. */
export const VISITOR_COOKIE = "fr_chat";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signatureOf(visitorId: string, secret: string) {
  return createHmac("sha256", secret).update(`chat-visitor:${visitorId}`).digest("base64url");
}

export function signVisitorId(visitorId: string, secret: string) {
  return `${visitorId}.${signatureOf(visitorId, secret)}`;
}

/** The visitor id of a cookie header, when its signature holds. */
export function readVisitorId(cookieHeader: string | null | undefined, secret: string) {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== VISITOR_COOKIE) continue;
    const value = decodeURIComponent(rest.join("="));
    const dot = value.lastIndexOf(".");
    if (dot <= 0) return undefined;
    const visitorId = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(signatureOf(visitorId, secret));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return visitorId;
  }
  return undefined;
}

/** A new visitor id and the Set-Cookie header that keeps it. */
export function createVisitorCookie(secret: string, { isSecure }: { isSecure: boolean }) {
  const visitorId = randomBytes(18).toString("base64url");
  const attributes = [
    `${VISITOR_COOKIE}=${encodeURIComponent(signVisitorId(visitorId, secret))}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${MAX_AGE_SECONDS}`,
  ];
  if (isSecure) attributes.push("Secure");
  return { visitorId, header: attributes.join("; ") };
}
