import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import { PrefetchPageLinks, useLocation, useNavigate } from "react-router";

// The public site's links (decision 736). React Router's Link resolves its `to` against the
// matched routes on every render (a JSON copy of them per link), and NavLink twice; a page
// of the site draws 20–50 links whose `to` is always a path from the root, so that work was
// about a tenth of a signed-in render. These links do what Link does for such a path: a
// plain left click navigates in the app (replacing the entry when it leads to the current
// address), hovering or focusing one for 100 ms prefetches the page's code and data when
// asked, and React Router discovers their routes (`data-discover`). The clicks and the
// prefetching are listened for once, on the window and the document, so a link also works
// in markup React has not hydrated (a static part, decision 737).

/** The current path, for the links that mark the current page (read once, not per link). */
const CurrentPath = createContext("");

/** Links below see `path` as the current page's path (a static part's markup, rendered apart). */
export function CurrentPathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <CurrentPath.Provider value={path}>{children}</CurrentPath.Provider>;
}

/** The current path as the site's links see it. */
export function useCurrentPath() {
  return useContext(CurrentPath);
}

/**
 * Follows the site's links in the app and prefetches for them: a plain left click on one
 * navigates (after any handler of its own, which may prevent it), and the page a visitor has
 * hovered or focused a prefetching link to for 100 ms has its code and data fetched, as Link
 * does, with one listener instead of five handlers and three hooks on every link.
 */
export function InternalLinks({ children }: { children: ReactNode }) {
  // React Router's navigate for a data router is the same function for the router's life.
  const navigate = useNavigate();
  const path = useLocation().pathname;
  const [prefetching, setPrefetching] = useState<string | null>(null);
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-in-app]") : null;
      const to = link?.getAttribute("href");
      if (!link || !to || !opensHere(link)) return;
      event.preventDefault();
      // As Link does: a link to the current address replaces its history entry.
      const { pathname, search, hash } = window.location;
      navigate(to, { replace: pathname + search + hash === to });
    };
    // On the window, after React's handlers on the document have had their turn.
    window.addEventListener("click", follow);
    return () => window.removeEventListener("click", follow);
  }, [navigate]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: Element | null = null;
    const linkOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest("a[data-prefetch]") : null;
    const start = (event: Event) => {
      const link = linkOf(event);
      if (!link || link === current) return;
      current = link;
      clearTimeout(timer);
      const page = (link.getAttribute("href") ?? "").split(/[?#]/)[0];
      timer = setTimeout(() => setPrefetching(page), 100);
    };
    const stop = (event: Event) => {
      const link = linkOf(event);
      const next = "relatedTarget" in event ? event.relatedTarget : null;
      if (!link || link !== current || (next instanceof Node && link.contains(next))) return;
      current = null;
      clearTimeout(timer);
      setPrefetching(null);
    };
    const starts = ["mouseover", "focusin", "touchstart"] as const;
    const stops = ["mouseout", "focusout"] as const;
    for (const type of starts) document.addEventListener(type, start, { passive: true });
    for (const type of stops) document.addEventListener(type, stop, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of starts) document.removeEventListener(type, start);
      for (const type of stops) document.removeEventListener(type, stop);
    };
  }, []);
  return (
    <CurrentPath.Provider value={path}>
      {children}
      {prefetching ? <PrefetchPageLinks page={prefetching} /> : null}
    </CurrentPath.Provider>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

export type InternalLinkProps = AnchorProps & {
  /** A path from the site's root, with any query and hash: "/insights?tag=ai". */
  to: string;
  /** "intent": fetch the page's code and data once the link is hovered or focused. */
  prefetch?: "intent" | "none";
};

/** A link to a page of the site (React Router's Link, for paths from the root). */
export function InternalLink({ to, prefetch, ...rest }: InternalLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      data-in-app=""
      data-prefetch={prefetch === "intent" ? "intent" : undefined}
    />
  );
}

/** A site link that knows whether it leads to the current page (React Router's NavLink). */
export function InternalNavLink({
  to,
  end = false,
  className,
  ...rest
}: Omit<InternalLinkProps, "className"> & {
  /** Current only on this very path, not on the paths below it. */
  end?: boolean;
  className: (isActive: boolean) => string;
}) {
  const isActive = leadsTo(to, useContext(CurrentPath), end);
  return (
    <InternalLink
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={className(isActive)}
    />
  );
}

/** NavLink's rule: the same path, or (without `end`) a path below it; case-insensitive. */
export function leadsTo(to: string, current: string, end: boolean) {
  const target = to.split(/[?#]/)[0].toLowerCase();
  const here = current.toLowerCase();
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slash) === "/");
}

/** A left click without a modifier. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** A link that opens in this tab, as a page (not a download). */
function opensHere(link: Element) {
  const target = link.getAttribute("target");
  return (!target || target === "_self") && !link.hasAttribute("download");
}
