import { TRAIL_MAX, type TrailEntry } from "#shared/analytics.ts";

// The pages of this visit, kept only in this tab's sessionStorage (never a cookie) and
// sent only with a form the visitor sends: contact, newsletter, chat (server/analytics).

const KEY = "frontier.trail";

/** Do-Not-Track or Global Privacy Control: nothing is counted or kept. */
export function isTrackingRefused() {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

export function readTrail(): TrailEntry[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as TrailEntry[]) : [];
  } catch {
    return [];
  }
}

/** Adds a page; past TRAIL_MAX the first page (where the visit came from) stays, the oldest after it go. */
export function addToTrail(entry: TrailEntry) {
  if (isTrackingRefused()) return;
  const trail = readTrail();
  trail.push(entry);
  if (trail.length > TRAIL_MAX) trail.splice(1, trail.length - TRAIL_MAX);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(trail));
  } catch {
    // Storage full or refused: the visit is simply not kept.
  }
}

/** The hidden field's value for a form being sent now ("" when nothing may be sent). */
export function trailFieldValue() {
  if (isTrackingRefused()) return "";
  const trail = readTrail();
  return trail.length > 0 ? JSON.stringify(trail) : "";
}
