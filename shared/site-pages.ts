import { services } from "#shared/content/services.ts";

/**
 * The public pages a menu can link to, with the name staff pick them by.
 * They mirror the public part of the route table (app/routes.ts):
 * tests/integration/site-pages.test.ts fails when the two drift apart.
 * Insights and case studies are linked by their published slugs
 * (/insights/<slug>, /case-studies/<slug>), checked on the server.
 */
export const sitePages: Array<{ path: string; label: string }> = [
  { path: "/", label: "Home" },
  { path: "/about-us", label: "About Us" },
  { path: "/services", label: "Services" },
  ...services.map((service) => ({
    path: `/services/${service.slug}`,
    label: `Service guide: ${service.name}`,
  })),
  { path: "/case-studies", label: "Case Studies" },
  { path: "/insights", label: "Insights" },
  { path: "/podcasts", label: "Podcasts" },
  { path: "/faq", label: "FAQ" },
  { path: "/pricing", label: "Pricing" },
  { path: "/contact", label: "Contact" },
  { path: "/personas", label: "Personas" },
  { path: "/search", label: "Search" },
  { path: "/privacy", label: "Privacy" },
];

/** A page in the editor's list: a site page, a case study or an insight. */
export type LinkablePage = { path: string; label: string; group: string };

/** The route table's public paths that are not pages to put in a menu (mailed links). */
export const unlinkablePublicPaths = [
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/newsletter/my-data",
];

/** "/faq?x#y" and "/faq/" to "/faq": the page a link leads to. */
export function pagePathOf(href: string) {
  const path = href.replace(/[?#].*$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
