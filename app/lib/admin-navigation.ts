/** The command center's sidebar (SPEC.md section 2, issue 3 item 9). */
export type AdminNavSection = {
  title: string;
  /** Admin-only sections are hidden for client managers (the server refuses them anyway). */
  isAdminOnly: boolean;
  /** `isExact`: marked only on that page itself, not on the pages under it. */
  links: Array<{ to: string; label: string; isExact?: boolean }>;
};

export const adminNavigation: AdminNavSection[] = [
  { title: "Dashboard", isAdminOnly: false, links: [{ to: "/admin", label: "Dashboard" }] },
  {
    title: "Business",
    isAdminOnly: false,
    links: [
      { to: "/admin/clients", label: "Clients" },
      { to: "/admin/projects", label: "Projects" },
      { to: "/admin/proposals", label: "Proposals" },
      { to: "/admin/invoices", label: "Invoices" },
      { to: "/admin/time", label: "Time" },
      { to: "/admin/reports", label: "Reports" },
    ],
  },
  {
    title: "Marketing",
    isAdminOnly: true,
    links: [
      { to: "/admin/campaigns", label: "Campaigns" },
      { to: "/admin/subscribers", label: "Subscribers" },
      { to: "/admin/analytics", label: "Analytics" },
    ],
  },
  {
    title: "Content",
    isAdminOnly: true,
    links: [
      { to: "/admin/pages", label: "Pages" },
      { to: "/admin/case-studies", label: "Case Studies" },
      { to: "/admin/insights", label: "Insights" },
      { to: "/admin/testimonials", label: "Testimonials" },
      { to: "/admin/comments", label: "Comments" },
      { to: "/admin/podcasts", label: "Podcasts" },
    ],
  },
  {
    title: "Engage",
    isAdminOnly: true,
    links: [
      { to: "/admin/chat", label: "Live Chat" },
      { to: "/admin/youtube-sync", label: "YouTube Sync" },
    ],
  },
  {
    title: "Settings",
    isAdminOnly: true,
    links: [
      { to: "/admin/settings", label: "All settings", isExact: true },
      { to: "/admin/settings/branding", label: "Branding" },
      { to: "/admin/settings/navigation", label: "Navigation" },
      { to: "/admin/seo", label: "SEO Tools" },
      { to: "/admin/team", label: "Team" },
      { to: "/admin/outbox", label: "Outbox" },
      { to: "/admin/audit", label: "Audit Log" },
      { to: "/admin/import", label: "Import" },
      { to: "/admin/export", label: "Export" },
      { to: "/admin/personal-data", label: "Personal Data" },
      { to: "/admin/api-tokens", label: "API Tokens" },
      { to: "/admin/webhooks", label: "Webhooks" },
    ],
  },
];

export type NavRole = "admin" | "clientManager" | "none";

/**
 * The sections a role sees: none sees only the dashboard. Client managers answer the client
 * portal's messages in the inbox (its Clients part; the visitor chat stays the admins').
 */
export function navigationFor(role: NavRole) {
  if (role === "none") return adminNavigation.slice(0, 1);
  if (role === "admin") return adminNavigation;
  return adminNavigation
    .filter((section) => !section.isAdminOnly)
    .map((section) =>
      section.title === "Business"
        ? { ...section, links: [...section.links, { to: "/admin/chat", label: "Client messages" }] }
        : section,
    );
}
