import { data } from "react-router";
import type { ZodError } from "zod";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/availability.ts";
import { log } from "./log";

export type AppErrorCode =
  | "INVALID"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "GONE"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

/** A file refused because the server's disk (or its quota on it) is full: uploads, storage. */
export const DISK_FULL_MESSAGE =
  "The server's disk is full, so the file could not be saved. Nothing was stored; try again later or tell the site's administrator.";

/** The one place domain error codes become HTTP statuses. */
export const statusByCode: Record<AppErrorCode, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export type FieldErrors = Record<string, string[]>;

/**
 * A refusal a person can act on: its message is shown to them as is.
 * Domain functions throw it; routes turn it into a response with `errorResponse`.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status() {
    return statusByCode[this.code];
  }
}

/** Field errors of a failed Zod parse, keyed by the field's path ("contacts.0.email"). */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    result[key] ??= [];
    result[key].push(issue.message);
  }
  return result;
}

export function invalid(error: ZodError, message = "Please correct the highlighted fields.") {
  return new AppError("INVALID", message, { fieldErrors: fieldErrorsOf(error) });
}

/** Throws a 4xx/5xx Response (caught by the route's ErrorBoundary) unless the condition holds. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status: number } = { status: 400 },
): asserts condition {
  if (!condition) throw new Response(message, { status: init.status });
}

/**
 * The database refused a value sent by the client before writing anything
 * (SQLSTATE class 22, "data exception": a malformed id, a number out of range,
 * an impossible date). That is the client's mistake, so a 400, never a 500.
 */
export function isBadValueForDatabase(error: unknown) {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export type ActionError = { ok: false; error: string; fieldErrors?: FieldErrors };

/** What a form says when the database could not take what was sent (away, or its disk full). */
export const NOT_SAVED_MESSAGE =
  "This could not be saved just now: the database is unavailable. Nothing was stored; try again in a moment.";

/**
 * Turns an AppError into the action's answer: `{ ok: false, error, fieldErrors }`
 * with the code's status (and Retry-After when rate limited); the database out of reach or
 * too full to write, a 503 saying nothing was saved. Anything else is rethrown.
 */
export function errorResponse(error: unknown) {
  // A refusal says its own sentence, whatever its cause (S3 out of reach is no database).
  if (error instanceof AppError) {
    const headers = new Headers();
    if (error.retryAfterSeconds) headers.set("Retry-After", String(error.retryAfterSeconds));
    return data<ActionError>(
      { ok: false, error: error.message, fieldErrors: error.fieldErrors },
      { status: error.status, headers },
    );
  }
  // The form stays on screen with what was typed, and says why; the status stays a 503.
  if (isDatabaseUnavailable(error)) {
    log.warn(`nothing saved, the database is unavailable: ${(error as Error).message}`);
    return data<ActionError>(
      { ok: false, error: NOT_SAVED_MESSAGE },
      { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
  if (isBadValueForDatabase(error))
    return data<ActionError>(
      { ok: false, error: "Some of the values sent are not valid. Check the form and try again." },
      { status: 400 },
    );
  throw error;
}
