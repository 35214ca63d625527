/**
 * The footer's social links. The header menu and the footer's link groups are
 * edited by staff (shared/site-navigation.ts holds their defaults).
 */
export const socialLinks = [
  { href: "https://www.linkedin.com/company/digital-frontier-engineering", label: "LinkedIn" },
  { href: "https://github.com/digital-frontier-engineering", label: "GitHub" },
  { href: "https://twitter.com/dfrontier_eng", label: "Twitter" },
] as const;
