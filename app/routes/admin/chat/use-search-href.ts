import { useSearchParams } from "react-router";

/** Links that change some search parameters and keep the rest (null removes one). */
export function useSearchHref() {
  const [searchParams] = useSearchParams();
  return function hrefFor(changes: Record<string, string | null>) {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `?${params}`;
  };
}
