import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { addToTrail, isTrackingRefused } from "#app/lib/visit-trail.ts";
import { EVENT_PATH } from "#shared/analytics.ts";

function post(body: Record<string, string | undefined>) {
  const json = JSON.stringify(body);
  // A text/plain beacon: no preflight, no cookie of ours, sent even as the page goes.
  if (navigator.sendBeacon?.(EVENT_PATH, json)) return;
  void fetch(EVENT_PATH, { method: "POST", body: json, keepalive: true }).catch(() => {});
}

function externalHost(referrer: string) {
  try {
    const host = referrer ? new URL(referrer).hostname : "";
    return host && host !== location.hostname ? host : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `send` now, or once a prerendered page is actually shown. */
function whenShown(send: () => void) {
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener("prerenderingchange", send, { once: true });
  else send();
}

/**
 * Tells our server (POST /api/event) that a public page was seen, on the first load and
 * on every client-side navigation, and keeps the page in this tab's trail. Loaded after
 * hydration; nothing at all with Do-Not-Track or Global Privacy Control.
 */
export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const isLanding = useRef(true);

  useEffect(() => {
    if (isTrackingRefused()) return;
    const params = new URLSearchParams(search);
    const utm = (name: string) => params.get(`utm_${name}`)?.slice(0, 100) || undefined;
    const referrer = isLanding.current ? document.referrer : "";
    isLanding.current = false;
    whenShown(() => {
      post({
        path: pathname,
        referrer: referrer || undefined,
        utm_source: utm("source"),
        utm_medium: utm("medium"),
        utm_campaign: utm("campaign"),
      });
      addToTrail({
        p: pathname,
        t: Date.now(),
        r: externalHost(referrer),
        s: utm("source"),
        m: utm("medium"),
        c: utm("campaign"),
      });
    });
  }, [pathname, search]);

  // An episode played on /podcasts (its audio, or the video's play button) counts once.
  useEffect(() => {
    if (isTrackingRefused()) return;
    const played = new Set<string>();
    const onPlay = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.type === "click" && !target?.closest("button")) return;
      const episode = target?.closest("[data-episode]")?.getAttribute("data-episode");
      if (!episode || played.has(episode)) return;
      played.add(episode);
      post({ path: location.pathname, episode });
      addToTrail({ p: `/podcasts#${episode}`, t: Date.now() });
    };
    document.addEventListener("play", onPlay, true);
    document.addEventListener("click", onPlay, true);
    return () => {
      document.removeEventListener("play", onPlay, true);
      document.removeEventListener("click", onPlay, true);
    };
  }, []);

  return null;
}
