import { NavLink } from "react-router";

/** The Settings area's pages; later site-wide settings get a tab here and a card on the overview. */
export const settingsPages = [
  {
    to: "/admin/settings/branding",
    label: "Branding",
    description: "The header and footer logos, their widths and the favicon.",
  },
  {
    to: "/admin/settings/navigation",
    label: "Navigation",
    description: "The header menu and the footer's link groups: edit, preview, publish.",
  },
] as const;

/** Tabs across the Settings area's pages, under each page's title. */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings pages" className="-mt-4 mb-8">
      <ul className="flex flex-wrap gap-2">
        {[{ to: "/admin/settings", label: "Overview" }, ...settingsPages].map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end
              className={({ isActive }) =>
                `inline-block rounded-full border px-4 py-1.5 text-sm transition ${
                  isActive
                    ? "border-frontier-blue/60 bg-frontier-blue/15 font-semibold text-white"
                    : "border-white/10 text-mist-300 hover:border-white/30 hover:text-white"
                }`
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
