import type { RequestHandler } from "express";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const UNSUPPORTED_BODY =
  "This form could not be read. Send it from the page (as a form), or reload the page and try again.";

/**
 * Every action reads its input with `request.formData()`. A body that is not a
 * form (JSON, plain text, a multipart body without a boundary) is refused here
 * with 415 instead of failing inside the action as a 500.
 */
export function formBodyOnly(): RequestHandler {
  return (request, response, next) => {
    if (!MUTATING.has(request.method)) return next();
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

let isInstalled = false;

/**
 * A form body that is broken on the wire (a truncated or malformed multipart
 * body) makes `request.formData()` throw a TypeError, which would end as a 500.
 * Installed once, this turns that failure into a 400 answer for the client.
 */
export function answerUnreadableFormsWith400() {
  if (isInstalled) return;
  isInstalled = true;
  const readForm = Request.prototype.formData;
  Request.prototype.formData = async function formData(this: Request) {
    try {
      return await readForm.call(this);
    } catch (error) {
      if (error instanceof TypeError)
        throw new Response(UNSUPPORTED_BODY, {
          status: 400,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      throw error;
    }
  };
}
