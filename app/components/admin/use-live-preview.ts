import { useEffect, useState } from "react";

const DEBOUNCE_MS = 400;

/**
 * Posts `values` to a preview endpoint a moment after they last changed and
 * returns its latest answer. A plain request, not a router submission: a
 * preview changes nothing, so it must never reload the page's data or
 * interrupt a save the editor is navigating through at the same time.
 */
export function useLivePreview<Result>(action: string, values: Record<string, string>) {
  const [result, setResult] = useState<Result>();
  const body = new URLSearchParams(values).toString();
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(action, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
          signal: controller.signal,
        });
        if (response.headers.get("Content-Type")?.includes("application/json"))
          setResult((await response.json()) as Result);
      } catch {
        // Replaced by a newer preview, or offline: the last preview stays.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [action, body]);
  return result;
}
