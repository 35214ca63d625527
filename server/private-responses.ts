import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { sessionCookieName } from "#server/auth/auth.ts";
import { portalCookieName } from "#server/portal/session.ts";
import type { Env } from "./env";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Pages made for a signed-in person or for whoever holds a private link. */
const privatePrefixes = [
  "/admin",
  // The client portal: every page, data request, download and event stream of a contact.
  "/portal",
  "/api/auth",
  "/api/chat",
  "/setup",
  "/login",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/accept-invite",
  "/proposal",
  "/onboarding",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/newsletter/my-data",
];

/** Whether an address is private, its React Router data request (`.data`) included. */
export function isPrivatePath(path: string) {
  const route = path.replace(/\.data$/, "");
  return privatePrefixes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}

/** A file of its own (an image, a feed, the sitemap) is the same for everyone who asks. */
const isFileAddress = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith(".data");

function hasCookie(header: string | undefined, name: string) {
  return (header ?? "").split(";").some((pair) => pair.trim().startsWith(`${name}=`));
}

const isCacheControl = (name: unknown) => /^cache-control$/i.test(String(name));

/** Makes `value` the response's Cache-Control whatever a route set, when its head is written. */
function holdCacheControl(response: ServerResponse, value: string) {
  response.setHeader("Cache-Control", value);
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    // Headers handed to writeHead itself (an object, or a flat [name, value, ...] list)
    // would override setHeader: their Cache-Control is dropped.
    const last = args[args.length - 1];
    if (Array.isArray(last))
      args[args.length - 1] = last.filter((_, index) => !isCacheControl(last[index - (index % 2)]));
    else if (last && typeof last === "object")
      args[args.length - 1] = Object.fromEntries(
        Object.entries(last).filter(([name]) => !isCacheControl(name)),
      );
    if (!this.headersSent) this.setHeader("Cache-Control", value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * No shared cache (a proxy, a CDN) may keep or hand on a response made for a session or a
 * private link: every response to a private address, and every response to a request that
 * carries a session cookie (staff's or a client contact's), goes out with `Cache-Control: private, no-store` — redirects,
 * refusals and error pages included. Public pages asked for anonymously keep their caching.
 */
export function privateResponses(env: Pick<Env, "PUBLIC_URL">): RequestHandler {
  const cookieNames = [sessionCookieName(env), portalCookieName(env)];
  return (request, response, next) => {
    const hasSession = cookieNames.some((name) => hasCookie(request.headers.cookie, name));
    const isPrivate = isPrivatePath(request.path) || (hasSession && !isFileAddress(request.path));
    if (isPrivate) holdCacheControl(response, PRIVATE_CACHE_CONTROL);
    next();
  };
}
