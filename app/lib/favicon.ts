/**
 * The built-in favicon: a PNG drawn from public/favicon.svg, since a browser that fetches an
 * SVG icon draws it in the page's own process, 20-70 ms of its main thread on a slow machine
 * (decision 744).
 */
export const DEFAULT_FAVICON = "/favicon.png";

/** The MIME type of a favicon, read from its URL's extension (query and fragment removed). */
export function faviconType(url: string): string {
  const pathOnly = url.split(/[?#]/, 1)[0] ?? "";
  const extension = pathOnly.slice(pathOnly.lastIndexOf(".") + 1).toLowerCase();
  if (extension === "png") return "image/png";
  if (extension === "ico") return "image/x-icon";
  return "image/svg+xml";
}

/** The `<link rel="icon">` of a favicon address: the built-in favicon when none is set. */
export function faviconLink(url: string | null | undefined) {
  const href = url || DEFAULT_FAVICON;
  return { href, type: faviconType(href) };
}
