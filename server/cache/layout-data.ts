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
type Store = WeakMap<object, Map<string, Remembered>>;
/** Layout data and page data are kept apart: many pages' data never pushes layout data out. */
type State = { generation: number; layout: Store; pages: Store };

const stateKey = Symbol.for("frontier.publicData");
const globals = globalThis as Record<symbol, State | undefined>;
globals[stateKey] ??= { generation: 0, layout: new WeakMap(), pages: new WeakMap() };
const state = globals[stateKey];

/** Page data for this many addresses at most, per database handle. */
const MAX_PAGE_ENTRIES = 1000;
const PAGE_DATA_TTL_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 200;

function remember<T>(
  store: Store,
  db: object,
  key: string,
  load: () => Promise<T>,
  { ttlMs = Number.POSITIVE_INFINITY, maxEntries = Number.POSITIVE_INFINITY } = {},
): Promise<T> {
  let entries = store.get(db);
  if (!entries) {
    entries = new Map();
    store.set(db, entries);
  }
  const known = entries.get(key);
  const now = Date.now();
  // Least recently used goes first: what is read moves to the end.
  entries.delete(key);
  if (known && known.generation === state.generation && now - known.storedAt < ttlMs) {
    entries.set(key, known);
    return known.value as Promise<T>;
  }
  const remembered: Remembered = { generation: state.generation, storedAt: now, value: load() };
  entries.set(key, remembered);
  while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
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
  return remember(state.layout, db, key, load);
}

/**
 * What a public page reads for this key (its address's content, never anything that depends
 * on who asks), read once until content changes or for five minutes. The value is shared by
 * every request that asks: never change it. A load that fails is not kept.
 */
export function rememberPublicData<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  // An address no page has (a made-up slug of any length) is not worth its memory.
  if (key.length > MAX_KEY_LENGTH) return load();
  return remember(state.pages, db, key, load, {
    ttlMs: PAGE_DATA_TTL_MS,
    maxEntries: MAX_PAGE_ENTRIES,
  });
}

/** Everything remembered is read again at its next use (a content or settings write, a NOTIFY). */
export function forgetLayoutData() {
  state.generation++;
}
