import { isStoredPagePath } from "./stored-page-paths";

/** The public site's pages (app/routes.ts, the public layout), as analytics accepts them. */
const sitePages = [
  /^\/$/,
  /^\/(about-us|services|case-studies|insights|podcasts|faq|pricing|contact|personas|privacy)$/,
  /^\/(services|case-studies|insights)\/[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/,
];

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;

/** Whether a slug has the shape of ours (lower-case letters, digits and dashes). */
export function isSlug(value: string) {
  return SLUG.test(value);
}

/**
 * The path of a public page, or undefined: a trailing slash is dropped; the command
 * center, client links, feeds, encoded or over-long paths are not pages of the site.
 * A live page stored as blocks (a landing page at /spring-audit) is one, from the set kept in
 * memory (stored-page-paths.ts), so no beacon costs a query.
 */
export function publicPagePath(value: string) {
  if (value.length > 200) return undefined;
  const path = value.length > 1 ? value.replace(/\/$/, "") : value;
  return sitePages.some((pattern) => pattern.test(path)) || isStoredPagePath(path)
    ? path
    : undefined;
}

/** The touchpoint path of an episode played on /podcasts. */
export function episodeTouchpointPath(slug: string) {
  return `/podcasts#${slug}`;
}

/** A touchpoint's path: a public page, or `/podcasts#slug` for an episode played. */
export function touchpointPath(value: string) {
  const episode = /^\/podcasts#(.+)$/.exec(value);
  if (episode) return isSlug(episode[1]) ? value : undefined;
  return publicPagePath(value);
}
