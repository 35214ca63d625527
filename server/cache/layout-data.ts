/**
 * Layout data (the header settings, the published menus) kept in memory: every page
 * shows them, and they change only when staff save them (decision 705). Dropped at once
 * on this instance by the write (and by invalidatePublicPages), and on every other one
 * by the NOTIFY that drops its cached pages (app.ts listens).
 *
 * Kept per database handle (tests open many) in a global, because the React Router build
 * bundles its own copy of this module: a save in an action must reach what loaders read.
 */
type Remembered = { generation: number; value: Promise<unknown> };
type State = { generation: number; byDb: WeakMap<object, Map<string, Remembered>> };

const stateKey = Symbol.for("frontier.layoutData");
const globals = globalThis as Record<symbol, State | undefined>;
globals[stateKey] ??= { generation: 0, byDb: new WeakMap() };
const state = globals[stateKey];

/**
 * The value `load` gives for this key, read once until the layout data is forgotten.
 * A load that fails is not kept (the next call tries again).
 */
export function rememberLayoutData<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  let entries = state.byDb.get(db);
  if (!entries) {
    entries = new Map();
    state.byDb.set(db, entries);
  }
  const known = entries.get(key);
  if (known && known.generation === state.generation) return known.value as Promise<T>;
  const remembered: Remembered = { generation: state.generation, value: load() };
  entries.set(key, remembered);
  remembered.value.catch(() => {
    if (entries.get(key) === remembered) entries.delete(key);
  });
  return remembered.value as Promise<T>;
}

/** Everything remembered is read again at its next use (a settings write, a NOTIFY). */
export function forgetLayoutData() {
  state.generation++;
}
