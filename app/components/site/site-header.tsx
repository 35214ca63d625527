import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useFocusTrap } from "#app/components/ui/use-focus-trap.ts";
import type { SiteLink } from "#shared/site-navigation.ts";
import { InternalLink } from "./internal-link";
import { Logo } from "./logo";
import { currentMenuEntries, HeaderMenu, HeaderMenuLink } from "./menu-link";
import { SearchLauncher } from "./search-launcher";
import { StaticPart } from "./static-part";

export function SiteHeader({
  logoSrc,
  logoWidth,
  links,
}: {
  logoSrc?: string;
  logoWidth: number;
  /** The published header menu (staff edit it at /admin/settings/navigation). */
  links: SiteLink[];
}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useFocusTrap(menuRef, isMenuOpen, closeMenu);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/75 backdrop-blur-md">
      <div className="container-page flex min-h-18 items-center justify-between gap-6 py-3">
        <InternalLink to="/" className="shrink-0" aria-label="Digital Frontier home">
          <Logo src={logoSrc} width={logoWidth} />
        </InternalLink>
        <StaticPart
          as="nav"
          data={links}
          partKey={`menu:${currentMenuEntries(links, location.pathname)}`}
          aria-label="Main"
          className="hidden min-w-0 lg:block"
        >
          <HeaderMenu links={links} />
        </StaticPart>
        <div className="flex items-center gap-2">
          <SearchLauncher />
          <button
            type="button"
            className="rounded-lg p-2 text-white lg:hidden"
            aria-label="Open menu"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-7 w-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      {isMenuOpen ? (
        <div
          ref={menuRef}
          id="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-0 z-50 flex h-dvh flex-col bg-ink-950/97 backdrop-blur-xl lg:hidden"
        >
          <div className="container-page flex h-18 items-center justify-between py-3">
            <Logo src={logoSrc} width={logoWidth} />
            <button
              type="button"
              className="rounded-lg p-2 text-white"
              aria-label="Close menu"
              onClick={closeMenu}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-7 w-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile" className="container-page flex-1 overflow-y-auto py-6">
            <ul className="flex flex-col gap-2">
              {links.map((link, index) => (
                <li key={`${index}:${link.href}`}>
                  <HeaderMenuLink
                    link={link}
                    onClick={closeMenu}
                    className={(isActive) =>
                      `block rounded-xl px-4 py-3 font-display text-2xl font-semibold ${
                        isActive ? "bg-white/10 text-white" : "text-mist-300 hover:text-white"
                      }`
                    }
                  />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
