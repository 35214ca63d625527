export type NavLink = { to: string; label: string };

/** The eight entries of the main navigation, in order. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about-us", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/case-studies", label: "Case Studies" },
  { to: "/insights", label: "Insights" },
  { to: "/faq", label: "FAQ" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact Us" },
];

/** The footer's Company links. */
export const primaryLinks: NavLink[] = [
  { to: "/about-us", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
];

/** The footer's Explore links. */
export const secondaryLinks: NavLink[] = [
  { to: "/case-studies", label: "Case Studies" },
  { to: "/insights", label: "Insights" },
  { to: "/faq", label: "FAQ" },
];

export const socialLinks = [
  { href: "https://www.linkedin.com/company/digital-frontier-engineering", label: "LinkedIn" },
  { href: "https://github.com/digital-frontier-engineering", label: "GitHub" },
  { href: "https://twitter.com/dfrontier_eng", label: "Twitter" },
] as const;
