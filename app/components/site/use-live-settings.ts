import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { whenIdle } from "./after-load";

/**
 * Follows the site settings live: when staff save the header settings or publish the menus, the
 * server sends an event and the page reloads its data (logo, widths, menus) in place. Once the
 * server listens it says "ready", and the page marks `<html data-live-settings="on">`; a ready
 * after a reconnect reloads the data, since changes made while the stream was down were missed.
 * The stream opens once the page is idle, with the decorations (decision 762): starting a
 * request costs the main thread, and hydration need not wait for it.
 */
export function useLiveSettings() {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    const onSettings = () => void revalidateRef.current();
    let connectedBefore = false;
    const onReady = () => {
      // A reconnect follows a dropped stream: what changed meanwhile was not announced.
      if (connectedBefore) void revalidateRef.current();
      connectedBefore = true;
      document.documentElement.dataset.liveSettings = "on";
    };
    const cancel = whenIdle(() => {
      source = new EventSource("/events/settings");
      source.addEventListener("settings", onSettings);
      source.addEventListener("ready", onReady);
    });
    return () => {
      cancel();
      source?.removeEventListener("settings", onSettings);
      source?.removeEventListener("ready", onReady);
      source?.close();
      delete document.documentElement.dataset.liveSettings;
    };
  }, []);
}
