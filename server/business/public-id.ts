import { randomBytes } from "node:crypto";

/** An id for a link a client opens without signing in: 192 random bits, base64url (32 chars). */
export function createPublicId() {
  return randomBytes(24).toString("base64url");
}

/** Cheap shape check before a database lookup. */
export function isPublicId(value: string) {
  return /^[A-Za-z0-9_-]{32}$/.test(value);
}
