/**
 * The build's changes to React Router (scripts/react-router-patches.mjs, decision 722) keep
 * its answers exactly: the app's whole route table is matched for many addresses by React
 * Router's production build as published and as changed, and both must agree on every one.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { handMadeBuild } from "#tests/helpers/server-build.ts";
import {
  developmentWarningsOff,
  isPatchedBrowserModule,
  patchReactRouter,
  patchReactRouterForBrowser,
  reactRouterBrowserPatches,
  reactRouterPatches,
} from "../../scripts/react-router-patches.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dist = path.join(root, "node_modules/react-router/dist/production");
// Inside the project, so the copies' own imports (react, cookie) resolve as in build/.
const patchedDir = path.join(root, "node_modules/.cache", `react-router-patched-${process.pid}`);

type ConfigEntry = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
};
type RouterModule = typeof import("react-router");

/** React Router route objects for the app's table; each loader answers its route's id. */
function toRoutes(entries: ConfigEntry[]): unknown[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file;
    return entry.index
      ? { id, index: true, loader: () => id }
      : {
          id,
          path: entry.path,
          loader: () => id,
          children: entry.children ? toRoutes(entry.children) : undefined,
        };
  });
}

/** Every full path of the table, as written ("insights/:slug", "uploads/*"). */
function fullPaths(entries: ConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    return [own || "/", ...(entry.children ? fullPaths(entry.children, own) : [])];
  });
}

/** Addresses that reach every route, and the odd forms a visitor or an attacker sends. */
function addresses(entries: ConfigEntry[]) {
  const found = new Set<string>(["/", "//", "///admin", "/%61dmin", "/ADMIN/Clients", "/nope"]);
  for (const pattern of fullPaths(entries)) {
    const filled = pattern
      .replace(/:[\w-]+/g, "x-1")
      .replace(/\*$/, "a/b.png")
      .replace(/\/+/g, "/");
    for (const address of [
      filled,
      `${filled}/`,
      filled.toUpperCase(),
      `/${filled}`,
      `${filled}/extra`,
      filled.replace(/\/([^/]+)$/, "//$1"),
      filled.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
      `${filled}.data`,
      `/x${filled}`,
    ])
      found.add(address);
  }
  return [...found];
}

/** Route ids a static handler matches for an address, or its status when none answers. */
async function matched(router: RouterModule, routes: unknown[], address: string) {
  const handler = router.createStaticHandler(routes as never);
  const answers: string[] = [];
  for (const target of [address, address]) {
    const context = await handler.query(new Request(`http://frontier.test${target}`));
    answers.push(
      context instanceof Response
        ? `response ${context.status}`
        : `${context.statusCode} ${context.matches.map((match) => match.route.id).join(" > ")}`,
    );
  }
  return answers.join(" | ");
}

describe("React Router as changed by the build", () => {
  let published: RouterModule;
  let changed: RouterModule;

  beforeAll(async () => {
    const sources = Object.fromEntries(
      readdirSync(dist)
        .filter((file) => file.endsWith(".mjs") && !file.startsWith("index-react-server"))
        .map((file) => [file, readFileSync(path.join(dist, file), "utf8")]),
    );
    mkdirSync(patchedDir, { recursive: true });
    for (const [file, source] of Object.entries(patchReactRouter(sources)))
      writeFileSync(path.join(patchedDir, file), source);
    published = await import(pathToFileURL(path.join(dist, "index.mjs")).href);
    changed = await import(pathToFileURL(path.join(patchedDir, "index.mjs")).href);
  });
  afterAll(() => rmSync(patchedDir, { recursive: true, force: true }));

  it("applies every change to the installed version, each in one place", () => {
    const sources = Object.fromEntries(
      readdirSync(dist)
        .filter((file) => file.endsWith(".mjs") && !file.startsWith("index-react-server"))
        .map((file) => [file, readFileSync(path.join(dist, file), "utf8")]),
    );
    const patched = patchReactRouter(sources);
    for (const patch of reactRouterPatches)
      expect(Object.values(patched).some((source) => source.includes(patch.replace))).toBe(true);
  });

  it("refuses a React Router whose code it does not recognise", () => {
    expect(() => patchReactRouter({ "index.mjs": "export {};" })).toThrow(/found its code 0 times/);
  });

  it("matches the same routes as the published build for every address", async () => {
    const table = routeConfig as unknown as ConfigEntry[];
    const list = addresses(table);
    expect(list.length).toBeGreaterThan(500);
    const differences: string[] = [];
    for (const address of list) {
      const expected = await matched(published, toRoutes(table), address);
      const actual = await matched(changed, toRoutes(table), address);
      if (actual !== expected) differences.push(`${address}: ${expected} -> ${actual}`);
    }
    expect(differences).toEqual([]);
    // The table is really matched (not every address falls to the site's not-found page).
    expect(await matched(changed, toRoutes(table), "/insights/x-1")).toContain(
      "routes/site/insight.tsx",
    );
  });

  it("hands every document render of a build the same list of its route modules", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const modules = {
      root: { default: () => null },
      page: { default: () => null, loader: () => "page" },
    };
    const buildOf = () =>
      handMadeBuild({
        entry: {
          default: (
            _request: Request,
            status: number,
            _headers: Headers,
            context: { routeModules: Record<string, unknown> },
          ) => {
            seen.push(context.routeModules);
            return new Response("<!DOCTYPE html>", { status });
          },
        },
        routes: {
          root: { id: "root", path: "", module: modules.root },
          page: { id: "page", parentId: "root", path: "page", module: modules.page },
        },
      });
    const render = async (router: RouterModule, build: ServerBuild) => {
      const handle = router.createRequestHandler(build, "production");
      const answer = await handle(new Request("http://frontier.test/page"));
      expect(answer.status).toBe(200);
    };
    const build = buildOf();
    await render(changed, build);
    await render(changed, build);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]).toEqual(modules);
    // Another build (the development server makes one per change) gets its own list.
    await render(changed, buildOf());
    expect(seen[2]).not.toBe(seen[0]);
    // As the published build lists them.
    await render(published, buildOf());
    expect(seen[3]).toEqual(seen[0]);
  });
});

describe("React Router's browser code as the browser build bundles it", () => {
  // What its package gives a bundler for every condition.
  const bundled = path.join(root, "node_modules/react-router/dist/development");
  const modules = readdirSync(bundled)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => readFileSync(path.join(bundled, file), "utf8"));

  it("applies every change to the one module that holds the route discovery", () => {
    const holders = modules.filter(isPatchedBrowserModule);
    expect(holders).toHaveLength(1);
    const patched = patchReactRouterForBrowser(holders[0]);
    for (const patch of reactRouterBrowserPatches) expect(patched).toContain(patch.replace);
    expect(patched).not.toContain("var ENABLE_DEV_WARNINGS = true;");
  });

  it("differs from React Router's own production build by nothing but the route discovery change", () => {
    const [holder] = modules.filter(isPatchedBrowserModule);
    const production = readdirSync(dist)
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => readFileSync(path.join(dist, file), "utf8"))
      .filter(isPatchedBrowserModule);
    expect(production).toHaveLength(1);
    const changed = holder.replace(developmentWarningsOff.find, developmentWarningsOff.replace);
    // The two builds name their shared chunk differently; nothing else may differ.
    const sameChunkNames = (source: string) => source.replace(/chunk-[A-Z0-9]+\.mjs/g, "chunk.mjs");
    expect(sameChunkNames(changed)).toBe(sameChunkNames(production[0]));
  });

  it("refuses a React Router whose route discovery it does not recognise", () => {
    expect(() => patchReactRouterForBrowser("function useFogOFWarDiscovery() {}")).toThrow(
      /found its code 0 times/,
    );
  });
});
