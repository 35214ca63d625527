import { invariantResponse } from "./errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` has the shape of a row id. Checked before any query: PostgreSQL refuses
 * a malformed uuid with an error, and such a value cannot name a row anyway.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A route's id parameter; anything not shaped like a row id is a 404. */
export function requireIdParam(value: string | undefined): string {
  invariantResponse(isUuid(value), "Not Found", { status: 404 });
  return value;
}
