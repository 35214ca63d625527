/** The canonical path of a list page: its filters and page, in a fixed order. */
export function listPath(basePath: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${basePath}?${query}` : basePath;
}
