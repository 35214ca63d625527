import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Follows the site settings live: when staff save the header settings, the
 * server sends an event and the page reloads its data (logo, widths) in place.
 */
export function useLiveSettings() {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/events/settings");
    const onSettings = () => void revalidateRef.current();
    source.addEventListener("settings", onSettings);
    return () => {
      source.removeEventListener("settings", onSettings);
      source.close();
    };
  }, []);
}
