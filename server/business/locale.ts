/** The viewer's locale from Accept-Language, for formatting money and dates on the server and in the browser alike. */
export function localeFrom(request: Request) {
  const header = request.headers.get("Accept-Language") ?? "";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0].trim();
    if (!tag || tag === "*") continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // not a valid tag: try the next one
    }
  }
  return "en-US";
}
