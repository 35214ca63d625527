import { trailFieldValue } from "#app/lib/visit-trail.ts";
import { TRAIL_FIELD } from "#shared/analytics.ts";
import { postChat } from "./post-chat";

const SHARED = "frontier.trail-shared";

function markShared() {
  try {
    sessionStorage.setItem(SHARED, "1");
  } catch {
    // nothing to remember it in: the server keeps only the first trail anyway
  }
}

/** The pages of this visit as a form field for the chat's own forms (the offline message). */
export function trailFields(): Record<string, string> {
  const value = trailFieldValue();
  if (!value) return {};
  markShared();
  return { [TRAIL_FIELD]: value };
}

/**
 * After the visitor's first message or details, the pages they saw before the chat go to
 * the conversation (server/analytics), once per tab; the server keeps only the first.
 */
export function shareTrailOnce() {
  try {
    if (sessionStorage.getItem(SHARED)) return;
  } catch {
    return;
  }
  const fields = trailFields();
  if (fields[TRAIL_FIELD]) void postChat({ intent: "trail", ...fields });
}
