import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The markup of static parts of public pages (decision 737), rendered once for each object
 * they are drawn from and kept while that object lives: the remembered data of
 * `layout-data.ts` is replaced when content changes, so its parts go with it, on every
 * instance at once (the same NOTIFY). Markup without React's hydration marks: the browser
 * keeps it as it is and never hydrates it.
 */
const kept = new WeakMap<object, Map<string, string>>();

/** Parts kept for one object (more when a part depends on the current page, say). */
const MAX_PARTS = 64;
let rendered = 0;

export function renderStaticPart(data: object, partKey: string, part: ReactNode) {
  let parts = kept.get(data);
  const known = parts?.get(partKey);
  if (known !== undefined) return known;
  const markup = renderApart(part);
  if (!parts) {
    parts = new Map();
    kept.set(data, parts);
  }
  if (parts.size >= MAX_PARTS) parts.clear();
  parts.set(partKey, markup);
  return markup;
}

/** Development: every render renders the part again, so an edited component shows at once. */
export function renderStaticPartAgain(_data: object, _partKey: string, part: ReactNode) {
  return renderApart(part);
}

function renderApart(part: ReactNode) {
  // Ids made by useId inside a part never meet the page's or another part's.
  rendered += 1;
  return renderToStaticMarkup(part, { identifierPrefix: `s${rendered}-` });
}
