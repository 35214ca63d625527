/**
 * Addresses a page built from blocks cannot take: the first segments of the route table's
 * own pages (lists and details of other content, sign-in, the command center, files and
 * feeds). Pages that used to be route modules (/, /about-us, /services, a service guide,
 * /faq, /pricing, /personas) are pages now and are not here.
 * server/pages/paths.test.ts fails when this drifts from app/routes.ts.
 */
export const routeOwnedSegments = [
  "accept-invite",
  "admin",
  "api",
  "assets",
  "case-studies",
  "contact",
  "events",
  "forgot-password",
  "insights",
  "insights.rss",
  "login",
  "logout",
  "newsletter",
  "onboarding",
  "podcasts",
  "podcasts.rss",
  "portal",
  "privacy",
  "proposal",
  "reset-password",
  "resources",
  "robots.txt",
  "search",
  "setup",
  "sitemap.xml",
  "uploads",
] as const;

/** Whether a route of the product answers this path, so no page may live there. */
export function isRouteOwnedPath(path: string) {
  const first = path.split("/")[1] ?? "";
  return (routeOwnedSegments as readonly string[]).includes(first);
}
