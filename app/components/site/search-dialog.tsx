import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useFocusTrap } from "#app/components/ui/use-focus-trap.ts";
import { resultCount, type SearchHit } from "#shared/search.ts";
import { InternalLink } from "./internal-link";
import { SearchResultText } from "./search-result";
import { type SuggestionState, useSearchSuggestions } from "./use-search-suggestions";

/**
 * The site search as a dialog: results while typing, ↑/↓ to choose, Enter to go (to the
 * full results page when none is chosen), Escape or a click outside to close; focus goes
 * back where it was. The input is a combobox whose options are the results.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(query);
  const results = "results" in suggestions ? suggestions.results : undefined;
  const items = results?.items ?? [];
  const navigate = useNavigate();
  const location = useLocation();
  const openedAt = useRef(location.key);
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  useFocusTrap(panel, true, onClose);

  // A result chosen, or any other navigation: the dialog has done its job.
  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);

  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // New results: nothing chosen until an arrow key says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the list changes
  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const allResultsPath = `/search?${new URLSearchParams({ q: query.trim() })}`;

  function go(hit?: SearchHit) {
    if (hit) navigate(hit.path);
    else if (query.trim()) navigate(allResultsPath);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (items.length === 0) return;
      const last = items.length - 1;
      setActive((current) =>
        event.key === "ArrowDown"
          ? current < last
            ? current + 1
            : 0
          : current > 0
            ? current - 1
            : last,
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(items[active]);
    }
  }

  return (
    <div className="fixed inset-0 z-[70] flex items-start justify-center px-3 pt-[8vh] sm:px-6">
      <button
        type="button"
        tabIndex={-1}
        aria-label="Close search"
        className="absolute inset-0 cursor-default bg-ink-950/80 backdrop-blur-sm"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Search the site"
        className="relative flex max-h-[80vh] w-full max-w-2xl flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-2xl"
      >
        <div className="flex items-center gap-3 border-b border-white/10 px-4">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5 shrink-0 text-mist-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            role="combobox"
            aria-label="Search insights, case studies, podcasts and services"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            placeholder="Search insights, case studies, podcasts…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 bg-transparent py-4 text-base text-white placeholder:text-mist-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="button"
            onClick={onClose}
            className="rounded border border-white/15 px-2 py-0.5 text-xs text-mist-400 hover:text-white"
          >
            Esc<span className="sr-only"> (close search)</span>
          </button>
        </div>
        <div id={listId} role="listbox" aria-label="Results" className="overflow-y-auto p-2">
          {items.map((hit, index) => (
            // The combobox above takes the keys; a click or tap chooses here.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
            <div
              key={`${hit.kind}:${hit.path}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onClick={() => go(hit)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer rounded-xl px-4 py-3 ${index === active ? "bg-white/10 ring-1 ring-frontier-orange/60" : ""}`}
            >
              <SearchResultText hit={hit} />
            </div>
          ))}
        </div>
        <SearchStatus suggestions={suggestions} query={query} allResultsPath={allResultsPath} />
      </div>
    </div>
  );
}

function SearchStatus({
  suggestions,
  query,
  allResultsPath,
}: {
  suggestions: SuggestionState;
  query: string;
  allResultsPath: string;
}) {
  const total = suggestions.status === "done" ? suggestions.results.total : 0;
  const shown = suggestions.status === "done" ? suggestions.results.items.length : 0;
  const didYouMean = suggestions.status === "done" ? suggestions.results.suggestion : null;
  const more = suggestions.status === "done" && suggestions.results.more;
  let message = "Type to search. ↑ ↓ to choose, Enter to open.";
  if (suggestions.status === "loading") message = "Searching…";
  if (suggestions.status === "error") message = "The search is not answering. Try again.";
  if (suggestions.status === "done")
    message = total === 0 ? `Nothing matches “${query.trim()}”.` : resultCount({ total, more });
  return (
    <div className="flex items-center justify-between gap-3 border-t border-white/10 px-4 py-3 text-sm text-mist-400">
      <p role="status" aria-live="polite">
        {message}
      </p>
      {total > shown ? (
        <InternalLink to={allResultsPath} className="text-frontier-blue hover:underline">
          See all {resultCount({ total, more })}
        </InternalLink>
      ) : null}
      {total === 0 && didYouMean ? (
        <InternalLink
          to={`/search?${new URLSearchParams({ q: didYouMean })}`}
          className="text-frontier-blue hover:underline"
        >
          Did you mean “{didYouMean}”?
        </InternalLink>
      ) : null}
    </div>
  );
}
