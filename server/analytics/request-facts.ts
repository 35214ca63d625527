import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import type { DeviceClass } from "#server/db/schema/analytics.ts";

/** Node's request headers, or a Fetch `Headers` (a React Router action's request). */
type HeaderSource = IncomingHttpHeaders | { get(name: string): string | null };

function header(headers: HeaderSource, name: string) {
  if (typeof headers.get === "function") return (headers.get(name) as string | null) ?? "";
  const value = (headers as IncomingHttpHeaders)[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Do-Not-Track or Global Privacy Control: the visitor asked not to be followed. */
export function isTrackingRefused(headers: HeaderSource) {
  return header(headers, "dnt").trim() === "1" || header(headers, "sec-gpc").trim() === "1";
}

/** A prefetch or prerender the browser made on its own: nobody has seen the page yet. */
export function isPrefetch(headers: HeaderSource) {
  const purpose = `${header(headers, "sec-purpose")} ${header(headers, "purpose")} ${header(headers, "x-purpose")} ${header(headers, "x-moz")}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

/** A crawler, a link preview or a script with no user agent at all. */
export function isBotAgent(userAgent: string) {
  return !userAgent.trim() || isbot(userAgent);
}

function hasCookie(headers: HeaderSource, name: string) {
  return header(headers, "cookie")
    .split(";")
    .some((pair) => pair.trim().startsWith(`${name}=`));
}

/**
 * Why a request is not counted, or undefined when it is: the visitor's privacy signals,
 * bots, prefetches, and staff (a request carrying the staff session cookie).
 */
export function exclusionOf(headers: HeaderSource, { staffCookie }: { staffCookie: string }) {
  if (isTrackingRefused(headers)) return "privacy-signal";
  if (isBotAgent(header(headers, "user-agent"))) return "bot";
  if (isPrefetch(headers)) return "prefetch";
  if (hasCookie(headers, staffCookie)) return "staff";
  return undefined;
}

/** Mobile, tablet or desktop, from the user agent (iPads that say "Macintosh" count as desktop). */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent))
    return "mobile";
  return "desktop";
}

/** An ISO 3166 country code from the proxy's header (`CF-IPCountry`), or null. */
export function countryOf(headers: HeaderSource, headerName: string) {
  if (!headerName) return null;
  const value = header(headers, headerName).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(value) || value === "XX" || value === "T1") return null;
  return value;
}

/**
 * The host of a referring page, lower-case, or null for none, for this site's own pages
 * (`ownHosts`) and for anything that is not an http(s) address.
 */
export function referrerHostOf(referrer: string | undefined, ownHosts: string[]) {
  if (!referrer || referrer.length > 2048 || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (!host || host.length > 253 || ownHosts.includes(host)) return null;
  return host;
}

/** A campaign value as kept: trimmed, control characters out, at most 100 characters, or null. */
export function campaignValue(value: unknown) {
  if (typeof value !== "string") return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean ? clean.slice(0, 100) : null;
}
