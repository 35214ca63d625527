import {
  type ComponentPropsWithoutRef,
  createContext,
  type ElementType,
  type ReactNode,
  useContext,
  useRef,
} from "react";
import { useIsHydrating } from "#app/lib/use-is-hydrating.ts";
import { CurrentPathProvider, useCurrentPath } from "./internal-link";

// Static parts (decision 737): a part of a public page that is the same for everyone who sees
// it with the same data (a page's sections, the footer's menus) is rendered to markup once on
// the server and written as that markup after, and the browser leaves it as the server wrote
// it instead of hydrating it. Its links still work (internal-link.tsx listens for them on the
// window); nothing else in it may be interactive. A client-side navigation, or new data,
// renders it as React normally does.

/**
 * The server's renderer for static parts: the markup of `part`, kept for `data` (while that
 * very object lives) and `key`. Given by the server's entry; absent in the browser.
 */
export type StaticPartRenderer = (data: object, partKey: string, part: ReactNode) => string;

const Renderer = createContext<StaticPartRenderer | null>(null);
export const StaticPartRendering = Renderer.Provider;

type StaticPartProps<T extends ElementType> = {
  /** The element the part is (default div); its own attributes are rendered as usual. */
  as?: T;
  /**
   * What the part is drawn from, kept while that very object lives: the loader's remembered
   * data (forgotten when content changes) or a module's constant. Never a new object per
   * request: the part would be rendered every time. Left out for a part drawn from the code
   * alone (a page's fixed text).
   */
  data?: object;
  /**
   * Which part of `data` this is, with anything else its markup depends on ("related",
   * "menu:0100" for a menu that marks its second entry current): parts of one page drawn
   * from the same data need different keys.
   */
  partKey: string;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<T>, "children" | "dangerouslySetInnerHTML">;

const keepServerMarkup = { __html: "" };
/** What a part drawn from the code alone is kept for: the code does not change while it runs. */
const theCode = {};

export function StaticPart<T extends ElementType = "div">({
  as,
  data = theCode,
  partKey,
  children,
  ...attributes
}: StaticPartProps<T>) {
  const Element: ElementType = as ?? "div";
  const render = useContext(Renderer);
  const path = useCurrentPath();
  // True only while React hydrates the server's markup: a part mounted then keeps it.
  const isHydrating = useIsHydrating();
  // Only the browser keeps markup: a server without a renderer renders the part as it is.
  const kept = useRef(isHydrating && typeof document !== "undefined" ? { data, partKey } : null);
  // Once its data or key has changed, the part is React's for good: an element mounted again
  // has no server markup to keep.
  if (kept.current && (kept.current.data !== data || kept.current.partKey !== partKey))
    kept.current = null;
  if (render) {
    // Rendered apart, with none of this tree's contexts but the current path: a part within
    // it is rendered as it is.
    const markup = render(
      data,
      partKey,
      <CurrentPathProvider path={path}>{children}</CurrentPathProvider>,
    );
    return (
      <Element
        {...attributes}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of `children`
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    );
  }
  if (kept.current)
    return (
      <Element
        key="kept"
        {...attributes}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; the server's markup stays
        dangerouslySetInnerHTML={keepServerMarkup}
        suppressHydrationWarning
      />
    );
  return (
    <Element key="live" {...attributes}>
      {children}
    </Element>
  );
}
