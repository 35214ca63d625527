import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Follows the site settings live: when staff save the header settings or publish the menus, the
 * server sends an event and the page reloads its data (logo, widths, menus) in place.
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
