/**
 * Public data kept in memory until content changes (decision 705, 725):
 * - layout data (the header settings, the published menus): every page shows them, and they
 *   change only when staff save them;
 * - what public pages read (Home's testimonials, an article with its related articles and
 *   comments, a list's page), so a page rendered for a signed-in visitor, whom the page cache
 *   does not answer, asks the database nothing either. Bounded (least recently used goes
 *   first) and read again after five minutes at the latest, as the page cache's entries are.
 * Dropped at once on this instance by every content write (invalidatePublicPages, which the
 * same writes call for the page cache), and on every other one by the NOTIFY that drops its
 * cached pages (app.ts listens).
 *
 * Kept per database handle (tests open many) in a global, because the React Router build
 * bundles its own copy of this module: a save in an action must reach what loaders read.
 */
type Remembered = { generation: number; storedAt: number; value: Promise<unknown> };
type State = { generation: number; byDb: WeakMap<object, Map<string, Remembered>> };

const stateKey = Symbol.for("frontier.layoutData");
const globals = globalThis as Record<symbol, State | undefined>;
globals[stateKey] ??= { generation: 0, byDb: new WeakMap() };
const state = globals[stateKey];

/** Page data for this many addresses at most (layout data is a handful of keys). */
const MAX_ENTRIES = 1000;
const PUBLIC_DATA_TTL_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 200;

function remember<T>(db: object, key: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
  let entries = state.byDb.get(db);
  if (!entries) {
    entries = new Map();
    state.byDb.set(db, entries);
  }
  const known = entries.get(key);
  const now = Date.now();
  if (known && known.generation === state.generation && now - known.storedAt < ttlMs) {
    // Least recently used goes first: a hit moves to the end.
    entries.delete(key);
    entries.set(key, known);
    return known.value as Promise<T>;
  }
  const remembered: Remembered = { generation: state.generation, storedAt: now, value: load() };
  entries.delete(key);
  entries.set(key, remembered);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  const kept = entries;
  remembered.value.catch(() => {
    if (kept.get(key) === remembered) kept.delete(key);
  });
  return remembered.value as Promise<T>;
}

/**
 * The value `load` gives for this key, read once until the layout data is forgotten.
 * A load that fails is not kept (the next call tries again).
 */
export function rememberLayoutData<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  return remember(db, `layout:${key}`, load, Number.POSITIVE_INFINITY);
}

/**
 * What a public page reads for this key (its address's content, never anything that depends
 * on who asks), read once until content changes or for five minutes. The value is shared by
 * every request that asks: never change it. A load that fails is not kept.
 */
export function rememberPublicData<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  // An address no page has (a made-up slug of any length) is not worth its memory.
  if (key.length > MAX_KEY_LENGTH) return load();
  return remember(db, `page:${key}`, load, PUBLIC_DATA_TTL_MS);
}

/** Everything remembered is read again at its next use (a content or settings write, a NOTIFY). */
export function forgetLayoutData() {
  state.generation++;
}
