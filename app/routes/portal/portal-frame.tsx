import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The portal's chrome: a skip link, the brand bar (with what the layout puts at its
 * right: the contact and sign-out) and the footer. No public site header or analytics.
 */
export function PortalFrame({ account, children }: { account?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-ink-950 text-mist-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-white/10 bg-ink-900/95">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/portal" className="font-display text-lg font-semibold text-white">
            <span className="text-frontier-orange">Frontier</span> client portal
          </Link>
          {account}
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-white/10 px-4 py-6 text-center text-sm text-mist-400">
        Frontier · Engineering The Digital Frontier
      </footer>
    </div>
  );
}
