import { useEffect, useState } from "react";
import { SEARCH_SUGGEST_LIMIT, SEARCH_SUGGEST_PATH, type SearchResults } from "#shared/search.ts";

export type SuggestionState =
  | { status: "idle" }
  | { status: "loading"; results?: SearchResults }
  | { status: "done"; results: SearchResults }
  | { status: "error" };

const DEBOUNCE_MS = 150;

/**
 * Results for what is typed, fetched once typing pauses; a newer query cancels the request
 * of the one before, so answers never arrive out of order.
 */
export function useSearchSuggestions(query: string): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: "idle" });
  const trimmed = query.trim();

  useEffect(() => {
    if (!trimmed) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({
      status: "loading",
      results: "results" in current ? current.results : undefined,
    }));
    const timer = window.setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: trimmed, limit: String(SEARCH_SUGGEST_LIMIT) });
        const response = await fetch(`${SEARCH_SUGGEST_PATH}?${params}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const results = (await response.json()) as SearchResults;
        if (!controller.signal.aborted) setState({ status: "done", results });
      } catch {
        if (!controller.signal.aborted) setState({ status: "error" });
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  return state;
}
