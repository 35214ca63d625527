// Changes to React Router's production build, made when `npm run build` copies it into
// build/node_modules (decision 722). Each one keeps React Router's answers exactly and
// removes work a server repeats on every page: finding the matching route by trying every
// route of the table in turn, rebuilding the whole route tree for each render, and listing
// every route's module again for each render. One changes what the server writes for the
// browser: the scroll-restoring script does not read saved positions on a page's first
// visit, where there are none to find (decision 742). `reactRouterBrowserPatches` change
// React Router's code in the browser bundle (decision 743): no development warnings, and no
// second manifest request for paths already being looked up.
//
// A change names the code it replaces; if React Router's code is not there exactly once
// (a new version), the build stops and says which change no longer applies, rather than
// shipping a build without it.

import { applySourcePatches } from "./source-patches.mjs";

/** The React Router version these changes were written against (package.json pins it). */
export const PATCHED_REACT_ROUTER_VERSION = "7.18.4";

export const reactRouterPatches = [
  {
    name: "match against the routes a path's first segment can reach",
    find: `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
    replace: `  let matches = null;
  let decoded = decodePath(pathname);
  if (precomputedBranches && !allowPartial) branches = frontierBranchesFor(branches, decoded);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
    append: `
// Added by scripts/react-router-patches.mjs. Ranked branches, grouped by the first segment
// of their path: a branch whose path starts with a fixed segment ("admin", "insights") can
// only match a path whose first segment is that word (compared as the route compares it,
// case-insensitively), so a path is tried against its group (in rank order) plus the
// branches that start with a parameter or a splat. Built once per ranked list (the server's
// handler keeps one); a path whose first segment no branch names meets only the latter.
var frontierBranchIndexes = new WeakMap();
function frontierFirstSegment(path) {
  let segment = path.replace(/^\\/+/, "").split("/")[0];
  return /[:*?]/.test(segment) ? null : segment.toLowerCase();
}
function frontierBranchesFor(branches, pathname) {
  if (typeof pathname !== "string" || pathname.includes("//")) return branches;
  let index = frontierBranchIndexes.get(branches);
  if (!index) {
    let firsts = branches.map((branch) => frontierFirstSegment(branch.path));
    let groups = new Map();
    for (let segment of firsts)
      if (segment !== null && !groups.has(segment))
        groups.set(segment, branches.filter((_, i) => firsts[i] === segment || firsts[i] === null));
    index = { groups, open: branches.filter((_, i) => firsts[i] === null) };
    frontierBranchIndexes.set(branches, index);
  }
  return index.groups.get(frontierFirstSegment(pathname) ?? "") ?? index.open;
}
`,
  },
  {
    name: "route tree of the static router made once per set of routes",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let converted = frontierDataRoutes.get(routes);
  if (!converted) {
    let manifest2 = {};
    converted = {
      manifest: manifest2,
      dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2)
    };
    frontierDataRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
    append: `
// Added by scripts/react-router-patches.mjs: the data routes a static router makes from a
// route tree depend on nothing else, and nothing changes them afterwards.
var frontierDataRoutes = new WeakMap();
`,
  },
  {
    name: "server route tree made once per build",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = frontierServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    append: `
// Added by scripts/react-router-patches.mjs: the route tree ServerRouter renders depends
// only on the manifest's routes and their modules. Both arrive as new objects on every
// request (with lazy route discovery, the page's routes and their parents), holding the
// same entries again and again; a tree is kept per list of route ids and used again
// while every entry and module is the very same object.
var frontierServerRouteTrees = new Map();
function frontierServerRoutes(routes, routeModules, future, isSpaMode) {
  let ids = Object.keys(routes);
  let key = (isSpaMode ? "spa:" : "") + ids.join("\\n");
  let kept = frontierServerRouteTrees.get(key);
  if (kept && ids.every((id, i) => kept.routes[i] === routes[id] && kept.modules[i] === routeModules[id]))
    return kept.tree;
  if (frontierServerRouteTrees.size >= 1000) frontierServerRouteTrees.clear();
  let tree = createServerRoutes(routes, routeModules, future, isSpaMode);
  frontierServerRouteTrees.set(key, {
    routes: ids.map((id) => routes[id]),
    modules: ids.map((id) => routeModules[id]),
    tree
  });
  return tree;
}
`,
  },
  {
    name: "route modules of a build listed once",
    find: `function createEntryRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`,
    replace: `function createEntryRouteModules(manifest) {
  let listed = frontierEntryRouteModules.get(manifest);
  if (!listed) {
    listed = frontierListRouteModules(manifest);
    frontierEntryRouteModules.set(manifest, listed);
  }
  return listed;
}
function frontierListRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`,
    append: `
// Added by scripts/react-router-patches.mjs: every document render listed the modules of
// all the build's routes again (an object grown key by key, one per route of the table);
// the list depends only on the build's routes, and nothing on the server changes it.
var frontierEntryRouteModules = new WeakMap();
`,
  },
  {
    name: "no saved scroll position looked for on a page's first visit",
    find: `    if (!window.history.state || !window.history.state.key) {
      let key = Math.random().toString(32).slice(2);
      window.history.replaceState({ key }, "");
    }`,
    // A history entry without a key is a first visit: it gets a new random key, under which
    // nothing can have been saved, so reading sessionStorage (a synchronous call to the
    // browser process, 3-13 ms on the AMD EPYC machine) would find nothing. Only a
    // key given on the server (getKey) is worth looking up then.
    replace: `    if (!window.history.state || !window.history.state.key) {
      let key = Math.random().toString(32).slice(2);
      window.history.replaceState({ key }, "");
      if (!restoreKey) return;
    }`,
  },
];

/**
 * Changes to React Router's code as the browser build bundles it (vite.config.ts).
 * - Its package gives bundlers the build under dist/development whatever the conditions; the
 *   build under dist/production differs from it by one flag, which this turns off, so the
 *   browser gets no development warnings (and the minifier drops their code).
 * - Links found on a page are looked up in the route manifest (`/__manifest`) once: React
 *   Router looks again 100 ms after any change to the page, and before this change it asked
 *   again for every path whose first answer had not arrived yet (on a slow connection, every
 *   page load asked twice). Paths being fetched are skipped; a failed fetch leaves them to
 *   be asked for at the next look, as before.
 */
export const developmentWarningsOff = {
  name: "no development warnings in the browser",
  find: "var ENABLE_DEV_WARNINGS = true;",
  replace: "var ENABLE_DEV_WARNINGS = false;",
};

export const reactRouterBrowserPatches = [
  developmentWarningsOff,
  {
    name: "manifest paths already being fetched are not fetched again",
    find: `      if (lazyPaths.length === 0) {
        return;
      }
      try {
        await fetchAndApplyManifestPatches(
          lazyPaths,
          null,`,
    replace: `      lazyPaths = lazyPaths.filter((path) => !frontierPathsBeingFetched.has(path));
      if (lazyPaths.length === 0) {
        return;
      }
      for (let path of lazyPaths) frontierPathsBeingFetched.add(path);
      try {
        await fetchAndApplyManifestPatches(
          lazyPaths,
          null,`,
    append: `
// Added by scripts/react-router-patches.mjs: the paths whose manifest entries are on their way.
var frontierPathsBeingFetched = new Set();`,
  },
  {
    name: "manifest paths no longer being fetched once answered or failed",
    find: `      } catch (e) {
        console.error("Failed to fetch manifest patches", e);
      }
    }
    let debouncedFetchPatches = debounce(fetchPatches, 100);`,
    replace: `      } catch (e) {
        console.error("Failed to fetch manifest patches", e);
      } finally {
        for (let path of lazyPaths) frontierPathsBeingFetched.delete(path);
      }
    }
    let debouncedFetchPatches = debounce(fetchPatches, 100);`,
  },
];

/** The module of React Router's browser build that holds the code reactRouterBrowserPatches change. */
export const isPatchedBrowserModule = (source) => source.includes("function useFogOFWarDiscovery(");

export function patchReactRouterForBrowser(source) {
  return applySourcePatches({ module: source }, reactRouterBrowserPatches, {
    packageName: "React Router",
    version: PATCHED_REACT_ROUTER_VERSION,
    script: "scripts/react-router-patches.mjs",
  }).module;
}

/**
 * Applies the changes to React Router's files: `files` maps a file name to its source;
 * returns the changed sources. Throws when a change's code is not found exactly once.
 */
export function patchReactRouter(files) {
  return applySourcePatches(files, reactRouterPatches, {
    packageName: "React Router",
    version: PATCHED_REACT_ROUTER_VERSION,
    script: "scripts/react-router-patches.mjs",
  });
}
