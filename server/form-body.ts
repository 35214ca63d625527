import type { RequestHandler } from "express";
import type { output, ZodType } from "zod";
import { isTokenApiPath } from "./csrf";
import { errorResponse, invalid } from "./errors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const UNSUPPORTED_BODY =
  "This form could not be read. Send it from the page (as a form), or reload the page and try again.";

/**
 * Every action reads its input with `readForm` (below). A body that is not a
 * form (JSON, plain text, a multipart body without a boundary) is refused here
 * with 415 instead of failing inside the action as a 500. The JSON API (/api/v1) is not
 * an action and is let through.
 */
export function formBodyOnly(): RequestHandler {
  return (request, response, next) => {
    // The JSON API reads its own bodies (server/api/router.ts).
    if (!MUTATING.has(request.method) || isTokenApiPath(request.path)) return next();
    const length = Number(request.headers["content-length"] ?? 0);
    if (!request.headers["transfer-encoding"] && !(length > 0)) return next();
    const type = (request.headers["content-type"] ?? "").toLowerCase();
    const isForm =
      type.startsWith("application/x-www-form-urlencoded") ||
      (type.startsWith("multipart/form-data") && /;\s*boundary=[^;\s]+/.test(type));
    if (isForm) return next();
    response.status(415).type("text/plain").send(UNSUPPORTED_BODY);
  };
}

/**
 * How every action reads its form. A body that is broken on the wire (a
 * truncated or malformed multipart body, a connection cut while it arrived,
 * one refused past its size limit) makes `request.formData()` throw; here that
 * becomes a 400 answer for the client instead of a 500. The body's size is
 * bounded before any action runs (server/body-limit.ts).
 */
export async function readForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNSUPPORTED_BODY, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/**
 * The usual action: read the form, check it against `schema`, then `run` with what it
 * parsed. A refused form, or an AppError from `run`, becomes the form's answer: a 4xx with
 * its message and field errors. Anything else is a real failure and is thrown.
 */
export async function formAction<Schema extends ZodType, Result>(
  request: Request,
  schema: Schema,
  run: (input: output<Schema>) => Promise<Result>,
  refusal?: string,
) {
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  try {
    if (!parsed.success) throw invalid(parsed.error, refusal);
    return await run(parsed.data);
  } catch (error) {
    return errorResponse(error);
  }
}
