import { type ReactNode, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * Fades each new page in over 0.5 s. The page the visitor arrived on is shown at once:
 * fading it in would hold back its first paint. Where the window scrolls is React Router's
 * `ScrollRestoration` (in the root): the top of a new page, the element a link's hash names,
 * and the position a page had when the visitor comes back to it or reloads it.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const arrivedOn = useRef<string | null>(location.pathname);
  if (arrivedOn.current !== location.pathname) arrivedOn.current = null;
  return (
    <div key={location.pathname} className={arrivedOn.current === null ? "page-fade" : undefined}>
      {children}
    </div>
  );
}

/** A spinner while the next route's code and data load. */
export function RouteSpinner() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="route-spinner"
      className="fixed top-20 left-1/2 z-50 -translate-x-1/2 rounded-full border border-white/10 bg-ink-900/90 p-2 shadow-lg"
    >
      <span className="block h-6 w-6 animate-spin rounded-full border-2 border-frontier-blue border-t-transparent motion-reduce:animate-[spin_3s_linear_infinite]" />
    </div>
  );
}
