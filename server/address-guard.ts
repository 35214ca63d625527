import type { RequestHandler } from "express";

export const NUL_IN_ADDRESS = "This address is not valid: it contains a NUL character (%00).";

/**
 * No address of ours has a NUL character (%00) in it, and PostgreSQL refuses one in text.
 * Such a request is answered 400 here, instead of failing in a page's query as a 500.
 */
export function refuseNulInAddress(): RequestHandler {
  return (request, response, next) => {
    if (!/%00/i.test(request.originalUrl)) return next();
    response.status(400).type("text/plain").send(NUL_IN_ADDRESS);
  };
}
