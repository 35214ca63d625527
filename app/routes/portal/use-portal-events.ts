import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * Follows the client's account live: when the team changes something of theirs (a
 * milestone marked done, a file shared), /portal/events says so and the open page
 * reloads its data in place. After a dropped connection it reloads once, since
 * events sent meanwhile were missed. Returns whether the stream is open.
 */
export function usePortalEvents() {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/portal/events");
    let hasDropped = false;
    const onChange = () => void revalidateRef.current();
    // "ready" comes once the server listens: from then on no change is missed.
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
      source.close();
      setLive(false);
    };
  }, []);
  return isLive;
}
