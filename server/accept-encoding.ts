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

export type Encoding = "br" | "gzip" | "identity";

const choices = new Map<string, Encoding>();

/**
 * The encoding to answer with, by Accept-Encoding and its q-values: the highest q wins,
 * brotli before gzip before identity on a tie; identity when nothing else is accepted.
 * Answers for the few headers browsers actually send are remembered.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return "identity";
  const value = Array.isArray(header) ? header.join(",") : header;
  const known = choices.get(value);
  if (known) return known;
  const q: Record<Encoding | "*", number | undefined> = {
    br: undefined,
    gzip: undefined,
    identity: undefined,
    "*": undefined,
  };
  for (const item of value.split(",")) {
    const [name, ...params] = item.split(";").map((piece) => piece.trim().toLowerCase());
    if (!(name in q)) continue;
    const weight = params.find((param) => param.startsWith("q="));
    const parsed = weight === undefined ? 1 : Number(weight.slice(2));
    q[name as Encoding | "*"] = Number.isFinite(parsed) ? parsed : 0;
  }
  const weightOf = (name: Encoding) => q[name] ?? q["*"] ?? (name === "identity" ? 0.001 : 0);
  let best: Encoding = "identity";
  for (const name of ["gzip", "br"] as const)
    if (weightOf(name) > 0 && weightOf(name) >= weightOf(best)) best = name;
  if (choices.size < 200) choices.set(value, best);
  return best;
}
