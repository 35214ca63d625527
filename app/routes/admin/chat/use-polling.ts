import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const EVERY_MS = 15_000;

/** Reloads the page's data every 15 s while the tab is visible (for screens without the socket). */
export function usePolling(isEnabled: boolean) {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  useEffect(() => {
    if (!isEnabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidateRef.current();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [isEnabled]);
}
