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

/**
 * A list search shorter than this many characters looks for the start of a word, not the
 * text anywhere: it has no trigram of its own for a search index to look up (decision 826).
 */
export const SHORTEST_CONTAINED_TEXT = 3;

/** Whether a list search for `text` looks for the start of a word (decision 826). */
export const searchesWordStarts = (text: string) => [...text].length < SHORTEST_CONTAINED_TEXT;
