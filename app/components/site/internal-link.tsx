import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import { type NavigateFunction, PrefetchPageLinks, useLocation, useNavigate } from "react-router";

// The public site's links (decision 736). React Router's Link resolves its `to` against the
// matched routes on every render (a JSON copy of them per link), and NavLink twice; a page
// of the site draws 20–50 links whose `to` is always a path from the root, so that work was
// about a tenth of a signed-in render. These links do what Link does for such a path: a
// plain left click navigates in the app (replacing the entry when it leads to the current
// address), hovering or focusing one for 100 ms prefetches the page's code and data when
// asked, and React Router discovers their routes (`data-discover`).

const InternalNavigate = createContext<NavigateFunction | null>(null);

/**
 * Gives the links below one navigate function, and prefetches for all of them: the page a
 * visitor has hovered or focused a prefetching link to for 100 ms (as Link does, with one
 * listener on the document instead of five handlers and three hooks on every link).
 */
export function InternalLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [prefetching, setPrefetching] = useState<string | null>(null);
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
    <InternalNavigate.Provider value={navigate}>
      {children}
      {prefetching ? <PrefetchPageLinks page={prefetching} /> : null}
    </InternalNavigate.Provider>
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
export function InternalLink({ to, prefetch, onClick, ...rest }: InternalLinkProps) {
  const navigate = useContext(InternalNavigate);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || !isPlainClick(event, rest.target)) return;
    event.preventDefault();
    // As Link does: a link to the current address replaces its history entry.
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: pathname + search + hash === to });
  };
  return (
    <a
      {...rest}
      href={to}
      onClick={handleClick}
      data-discover="true"
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
  const isActive = leadsTo(to, useLocation().pathname, end);
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

/** A left click without a modifier, on a link that opens in this tab. */
function isPlainClick(event: MouseEvent, target: string | undefined) {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
