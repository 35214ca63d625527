/**
 * A key for the editor of a saved record, changing with every save: React keeps a form's
 * typed values while its key stays the same, so a new key shows what the server now holds.
 * It keeps the milliseconds; `String(date)` has whole seconds only, and a save made in the
 * same second as the one before (restoring a version just after saving) left the old
 * values on screen, ready to be saved back.
 */
export function versionKey(updatedAt: Date | string | number) {
  return new Date(updatedAt).toISOString();
}
