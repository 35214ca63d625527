import { useEffect, useState } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { ToastOutlet } from "#app/components/ui/toasts.tsx";
import { type AdminNavSection, navigationFor } from "#app/lib/admin-navigation.ts";
import { getStaffAccess } from "#server/auth/guard.ts";
import { roleLabel } from "#shared/roles.ts";
import type { Route } from "./+types/layout";

// Not the guard (each child loader checks its own access): it only names the user for the
// shell, and shows no sections while two-factor sign-in must be set up first.
export async function loader(args: Route.LoaderArgs) {
  const { user, mustSetUpTwoFactor } = await getStaffAccess(args, { allowTwoFactorSetup: true });
  return { user: { name: user.name, email: user.email, role: user.role }, mustSetUpTwoFactor };
}

// Tailwind's lg breakpoint, where the sidebar stops being a drawer.
const WIDE = "(min-width: 64rem)";
const NARROW = "(max-width: 63.99rem)";

export const meta = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // A followed link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const sections = loaderData.mustSetUpTwoFactor ? [] : navigationFor(user.role);

  return (
    // No scroll anchoring: a notice growing the top bar moves the page down, never under it.
    <div className="min-h-screen bg-ink-950 text-mist-100 [overflow-anchor:none] lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="sticky top-0 z-30 border-b border-white/10 bg-ink-900/95 lg:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <Link to="/admin" className="font-display font-semibold text-white">
            Command Center
          </Link>
          <button
            type="button"
            className="rounded-lg border border-white/20 px-3 py-1.5 text-sm"
            aria-expanded={isDrawerOpen}
            aria-controls="admin-sidebar"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            {isDrawerOpen ? "Close menu" : "Menu"}
          </button>
        </div>
        {/* Notices on small screens: in the top bar's own flow, under its buttons. */}
        <ToastOutlet media={NARROW} className="px-4 pb-3" />
      </div>
      {isDrawerOpen ? (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          className="fixed inset-0 z-30 bg-ink-950/70 lg:hidden"
          onClick={() => setDrawerOpen(false)}
        />
      ) : null}
      <aside
        id="admin-sidebar"
        aria-label="Command center"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 shrink-0 flex-col border-r border-white/10 bg-ink-900 transition-transform lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 ${
          isDrawerOpen ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <div className="border-b border-white/10 px-5 py-5">
          <Link to="/admin" className="font-display text-lg font-bold text-white">
            Command Center
          </Link>
          <p className="mt-1 truncate text-sm text-mist-400" title={user.email}>
            {user.name} · {roleLabel[user.role]}
          </p>
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 py-4">
          {sections.map((section) => (
            <SidebarSection key={section.title} section={section} />
          ))}
        </nav>
        {/* Notices on wide screens: a place of their own, beside the page, covering nothing. */}
        <ToastOutlet media={WIDE} className="px-3 pb-3" />
        <div className="flex flex-col gap-2 border-t border-white/10 p-4">
          <NavLink
            to="/admin/account"
            className="rounded-lg px-3 py-2 text-sm text-mist-300 hover:bg-white/5 hover:text-white"
          >
            My account
          </NavLink>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary w-full py-2">
              Sign Out
            </button>
          </Form>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function SidebarSection({ section }: { section: AdminNavSection }) {
  const [isOpen, setOpen] = useState(true);
  const listId = `admin-nav-${section.title.toLowerCase()}`;
  return (
    <div className="mb-3">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen((open) => !open)}
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-xs font-semibold uppercase tracking-[0.18em] text-mist-400 hover:text-white"
      >
        {section.title}
        <span aria-hidden="true" className={`transition-transform ${isOpen ? "" : "-rotate-90"}`}>
          ▾
        </span>
      </button>
      {isOpen ? (
        <ul id={listId} className="mt-1 flex flex-col gap-0.5">
          {section.links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/admin" || link.isExact}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm transition ${
                    isActive
                      ? "bg-frontier-blue/15 font-semibold text-white"
                      : "text-mist-300 hover:bg-white/5 hover:text-white"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
