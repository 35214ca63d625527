import type { RequestHandler } from "express";
import type { Env } from "./env";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_MESSAGE =
  "This request came from another site, so it was refused. Go back to the page, reload it and try again.";

/**
 * Refuses mutating requests a browser sent from another origin (CSRF). Browsers
 * say where a request comes from in Sec-Fetch-Site and Origin; a request with
 * neither is not from a browser page (scripts, the shell) and passes.
 */
export function isSameOrigin(
  env: Pick<Env, "PUBLIC_URL">,
  request: {
    method: string;
    headers: Record<string, string | string[] | undefined>;
    protocol?: string;
  },
) {
  if (!MUTATING.has(request.method.toUpperCase())) return true;
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const fetchSite = header("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = header("origin");
  if (!origin) return true;
  if (origin === "null") return false;
  const allowed = new Set([new URL(env.PUBLIC_URL).origin]);
  const host = header("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}

/**
 * The JSON API accepts bearer tokens only, never the session cookie, so a page on another
 * site cannot make a browser act with its rights there: the origin check does not apply.
 */
export const isTokenApiPath = (path: string) => path === "/api/v1" || path.startsWith("/api/v1/");

export function csrfProtection(env: Pick<Env, "PUBLIC_URL">): RequestHandler {
  return (request, response, next) => {
    if (isTokenApiPath(request.path) || isSameOrigin(env, request)) return next();
    response.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
