/** Whether an Accept-Encoding header allows gzip (by name or *, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((item) => {
    const [name, ...params] = item.split(";").map((piece) => piece.trim().toLowerCase());
    if (name !== "gzip" && name !== "*") return false;
    const q = params.find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
