import { NavLink } from "react-router";

export type PortalNavItem = { to: string; label: string; end?: boolean };

/** Counts shown beside a section's link (unread messages), keyed by the link. */
export type PortalNavBadges = Partial<Record<string, number>>;

/**
 * The portal's sections, in order. A new area (project messages, retainers) adds its
 * entry here and its routes under the portal layout in app/routes.ts.
 */
export const portalNavItems: PortalNavItem[] = [
  { to: "/portal", label: "Home", end: true },
  { to: "/portal/proposals", label: "Proposals" },
  { to: "/portal/projects", label: "Projects" },
  { to: "/portal/messages", label: "Messages" },
  { to: "/portal/invoices", label: "Invoices" },
];

/** The section links: a row that scrolls sideways on a narrow screen. */
export function PortalNav({
  items = portalNavItems,
  badges = {},
}: {
  items?: PortalNavItem[];
  badges?: PortalNavBadges;
}) {
  return (
    <nav aria-label="Portal" className="border-b border-white/10 bg-ink-900/60">
      <ul className="mx-auto flex w-full max-w-5xl gap-1 overflow-x-auto px-2 sm:px-4">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-3 text-sm font-medium ${
                  isActive
                    ? "border-frontier-orange text-white"
                    : "border-transparent text-mist-300 hover:text-white"
                }`
              }
            >
              {item.label}
              {badges[item.to] ? (
                <span
                  className="ml-1.5 rounded-full bg-frontier-orange px-1.5 py-0.5 text-xs font-semibold text-ink-950"
                  data-testid={`badge-${item.label.toLowerCase()}`}
                >
                  {badges[item.to]}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
