import { data } from "react-router";
import { errorResponse } from "#server/errors.ts";
import { issueFormToken } from "./antispam";

/** Longest value handed back per field (the forms' own limits are lower). */
const VALUE_MAX = 10_000;

/**
 * A public form's refusal: errorResponse's answer plus a fresh form token and what
 * was typed. A visitor without JavaScript (the cached page carries no token and
 * their browser never fetches one) gets the form back filled in and able to send:
 * the second sending is the "confirm" step of CONFIRM_TO_SEND.
 */
export function refuseFormSubmission({
  error,
  form,
  secret,
  fields,
}: {
  error: unknown;
  /** Undefined when the body could not be read at all. */
  form: FormData | undefined;
  secret: string;
  fields: readonly string[];
}) {
  const answer = errorResponse(error);
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = form?.get(field);
    if (typeof value === "string") values[field] = value.slice(0, VALUE_MAX);
  }
  return data(
    { ...answer.data, formToken: issueFormToken(secret), values },
    answer.init ?? undefined,
  );
}
