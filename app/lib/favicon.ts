/** The MIME type of a favicon, read from its URL's extension (query and fragment removed). */
export function faviconType(url: string): string {
  const pathOnly = url.split(/[?#]/, 1)[0] ?? "";
  const extension = pathOnly.slice(pathOnly.lastIndexOf(".") + 1).toLowerCase();
  if (extension === "png") return "image/png";
  if (extension === "ico") return "image/x-icon";
  return "image/svg+xml";
}
