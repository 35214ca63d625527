/**
 * The public site's menus: the header's links and the footer's link groups.
 * Staff edit them at /admin/settings/navigation; these are the built-in
 * defaults (the site's links before they were editable) and the demo menus.
 * No Zod here: the public header imports this file (see navigation-form.ts).
 */

export type SiteLink = { label: string; href: string };
export type FooterLinkGroup = { title: string; links: SiteLink[] };
export type SiteNavigation = { header: SiteLink[]; footer: FooterLinkGroup[] };

/** What a site without a published navigation shows: the original eight entries and two groups. */
export const defaultNavigation: SiteNavigation = {
  header: [
    { href: "/", label: "Home" },
    { href: "/about-us", label: "About Us" },
    { href: "/services", label: "Services" },
    { href: "/case-studies", label: "Case Studies" },
    { href: "/insights", label: "Insights" },
    { href: "/faq", label: "FAQ" },
    { href: "/pricing", label: "Pricing" },
    { href: "/contact", label: "Contact Us" },
  ],
  footer: [
    {
      title: "Company",
      links: [
        { href: "/about-us", label: "About Us" },
        { href: "/services", label: "Services" },
        { href: "/pricing", label: "Pricing" },
        { href: "/contact", label: "Contact" },
      ],
    },
    {
      title: "Explore",
      links: [
        { href: "/case-studies", label: "Case Studies" },
        { href: "/insights", label: "Insights" },
        { href: "/faq", label: "FAQ" },
      ],
    },
  ],
};

const podcasts: SiteLink = { href: "/podcasts", label: "Podcasts" };

/** The demo content's menus: the defaults with the podcast page after Insights. */
export const demoNavigation: SiteNavigation = {
  header: defaultNavigation.header.flatMap((link) =>
    link.href === "/insights" ? [link, podcasts] : [link],
  ),
  footer: defaultNavigation.footer.map((group) => ({
    ...group,
    links: group.links.flatMap((link) => (link.href === "/insights" ? [link, podcasts] : [link])),
  })),
};

/** A link to another site (the form only lets https:// ones through). */
export function isExternalHref(href: string) {
  return /^https:\/\//i.test(href);
}
