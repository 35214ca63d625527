/**
 * What the browser and the server agree on for first-party analytics (server/analytics):
 * where the beacons go, the form field that carries the pages seen before contact, and
 * the sections of a proposal whose reading time is measured.
 */

/** The page-view beacon: `{ path, referrer?, utm_source?, utm_medium?, utm_campaign?, episode? }`. */
export const EVENT_PATH = "/api/event";

/** The proposal-reading beacon: `{ proposal, visit, sections: { scope: ms, … } }`. */
export const PROPOSAL_VIEW_PATH = "/api/proposal-view";

/** The hidden form field (contact, newsletter, chat) carrying the visit's pages, as JSON. */
export const TRAIL_FIELD = "touchpoints";

/** At most this many pages are kept in the browser and accepted with a form. */
export const TRAIL_MAX = 50;

/**
 * One page seen in this browser tab: path, time (ms since 1970), and on the entry of a
 * visit the referring host and the campaign of the address (utm_source, _medium, _campaign).
 */
export type TrailEntry = { p: string; t: number; r?: string; s?: string; m?: string; c?: string };

/** The parts of a proposal whose time on screen is measured, in page order. */
export const engagementSections = ["scope", "approach", "timeline", "investment", "terms"] as const;
export type EngagementSection = (typeof engagementSections)[number];
