import { useEffect } from "react";
import { isTrackingRefused } from "#app/lib/visit-trail.ts";
import { PROPOSAL_VIEW_PATH } from "#shared/analytics.ts";

/** How often the totals so far are sent while the page stays open. */
const REPORT_EVERY_MS = 15_000;

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A section counts as read while a good part of it, or of the screen, shows it. */
function isSeen(entry: IntersectionObserverEntry) {
  if (!entry.isIntersecting) return false;
  const shown = entry.intersectionRect.height;
  return shown >= Math.min(entry.boundingClientRect.height * 0.5, window.innerHeight * 0.3);
}

/**
 * Measures how long each section of the proposal is on screen while the tab is visible,
 * and reports the totals of this page load (a random key ties its reports together, kept
 * nowhere) to POST /api/proposal-view: at once (the visit), every 15 seconds while
 * something changed, and when the page is hidden or left. Staff sessions are not counted
 * (the server sees their cookie); nothing is sent with Do-Not-Track or GPC.
 */
export function useProposalEngagement(publicId: string) {
  useEffect(() => {
    if (isTrackingRefused() || typeof IntersectionObserver === "undefined") return;
    const visit = randomKey();
    const totals: Record<string, number> = {};
    const seen = new Set<string>();
    let since = performance.now();
    let lastSent = "";

    const isVisible = () => document.visibilityState === "visible";
    // Adds the time since the last change to every section on screen.
    const settle = () => {
      const now = performance.now();
      if (isVisible()) for (const key of seen) totals[key] = (totals[key] ?? 0) + (now - since);
      since = now;
    };
    const report = (force = false) => {
      settle();
      const sections = Object.fromEntries(
        Object.entries(totals).map(([key, ms]) => [key, Math.round(ms)]),
      );
      const body = JSON.stringify({ proposal: publicId, visit, sections });
      if (!force && body === lastSent) return;
      lastSent = body;
      if (!navigator.sendBeacon?.(PROPOSAL_VIEW_PATH, body))
        void fetch(PROPOSAL_VIEW_PATH, { method: "POST", body, keepalive: true }).catch(() => {});
    };

    const observer = new IntersectionObserver(
      (entries) => {
        settle();
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.engagementSection;
          if (!key) continue;
          if (isSeen(entry)) seen.add(key);
          else seen.delete(key);
        }
      },
      { threshold: Array.from({ length: 21 }, (_, index) => index / 20) },
    );
    for (const element of document.querySelectorAll("[data-engagement-section]"))
      observer.observe(element);

    const onVisibility = () => {
      // Time up to now counts if the tab was visible; from now on only if it is.
      if (isVisible()) {
        since = performance.now();
        return;
      }
      const now = performance.now();
      for (const key of seen) totals[key] = (totals[key] ?? 0) + (now - since);
      since = now;
      report();
    };
    const onPageHide = () => report();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    const timer = window.setInterval(() => report(), REPORT_EVERY_MS);
    report(true);
    return () => {
      report();
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [publicId]);
}
