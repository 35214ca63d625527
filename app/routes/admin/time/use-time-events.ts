import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * Follows the staff member's own time live: a timer started or stopped in another tab or on
 * another device, or time logged there, makes this page reload its data in place
 * (/admin/time/events, NOTIFY behind it). Coming back to the tab reloads too, and so does a
 * stream that dropped and came back. Returns whether the stream is open.
 */
export function useTimeEvents() {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidateRef.current();
    };
    document.addEventListener("visibilitychange", onVisible);
    if (typeof EventSource === "undefined")
      return () => document.removeEventListener("visibilitychange", onVisible);
    const source = new EventSource("/admin/time/events");
    let hasDropped = false;
    const onChange = () => void revalidateRef.current();
    const onReady = () => {
      setLive(true);
      if (hasDropped) void revalidateRef.current();
    };
    const onError = () => {
      hasDropped = true;
      setLive(false);
    };
    source.addEventListener("change", onChange);
    source.addEventListener("ready", onReady);
    source.addEventListener("error", onError);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      source.close();
      setLive(false);
    };
  }, []);
  return isLive;
}
