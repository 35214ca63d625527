/**
 * Our changes to published packages (patches/<package>+<version>.patch, applied to node_modules
 * by patch-package when `npm install` or `npm ci` runs; decision 760). For each patch:
 * - it is written against the installed version, applied, and applies to the published code
 *   exactly (so a new version that no longer accepts it fails here, not in production);
 * - the patched package answers exactly as the published one (the published code is rebuilt
 *   from node_modules by undoing the patch);
 * - the published code still does the work the patch removes (so a new version that no
 *   longer needs it fails here too, and the patch can go: docs/upstream/ says what to check).
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import {
  assertPackagePatchesApplied,
  installedVersion,
  isPatched,
  type PackagePatch,
  patch,
  readPackagePatches,
  unpatch,
} from "../../scripts/package-patches.mjs";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const patches: PackagePatch[] = readPackagePatches(root);
const patchOf = (packageName: string) => {
  const found = patches.find((candidate) => candidate.packageName === packageName);
  if (!found) throw new Error(`no patch for ${packageName} in patches/`);
  return found;
};
// Inside the project, so the copies' own imports (react, cookie) resolve as the installed ones do.
const cache = path.join(root, "node_modules/.cache", `published-packages-${process.pid}`);

/**
 * The package's files the patch changes, as published (the patch undone), written under
 * `cache` beside copies of `alsoCopy` (other files of the same folders), so they load together.
 */
function writePublished(packagePatch: PackagePatch, folder: string, alsoCopy: RegExp) {
  const installed = path.join(root, "node_modules", packagePatch.packageName, folder);
  const target = path.join(cache, packagePatch.packageName, folder);
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(installed))
    if (alsoCopy.test(file)) copyFileSync(path.join(installed, file), path.join(target, file));
  for (const filePatch of packagePatch.files) {
    if (!filePatch.file.startsWith(`${folder}/`)) continue;
    const source = readFileSync(path.join(installed, filePatch.file.slice(folder.length)), "utf8");
    writeFileSync(
      path.join(target, filePatch.file.slice(folder.length)),
      unpatch(source, filePatch),
    );
  }
  return target;
}

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe.each(patches.map((packagePatch) => [packagePatch.name, packagePatch] as const))(
  "patches/%s",
  (name, packagePatch) => {
    it("is written against the installed version of its package", () => {
      expect(
        installedVersion(root, packagePatch.packageName),
        `${name} was written against ${packagePatch.packageName} ${packagePatch.version}: check whether the installed version still needs it (docs/upstream/), then make the patch again or drop it`,
      ).toBe(packagePatch.version);
    });

    it("is applied to node_modules and applies to the published code exactly", () => {
      for (const filePatch of packagePatch.files) {
        const installed = readFileSync(
          path.join(root, "node_modules", packagePatch.packageName, filePatch.file),
          "utf8",
        );
        expect(isPatched(installed, filePatch), `${filePatch.file} is patched`).toBe(true);
        expect(patch(unpatch(installed, filePatch), filePatch)).toBe(installed);
      }
    });
  },
);

describe("the build's check", () => {
  /** A project folder holding one patch and its package, as published or as patched. */
  function project(
    packagePatch: PackagePatch,
    { patched, version }: { patched: boolean; version: string },
  ) {
    const folder = path.join(
      tmpdir(),
      `frontier-patches-${process.pid}-${Math.random().toString(36).slice(2)}`,
    );
    mkdirSync(path.join(folder, "patches"), { recursive: true });
    copyFileSync(
      path.join(root, "patches", packagePatch.name),
      path.join(folder, "patches", packagePatch.name),
    );
    const packageFolder = path.join(folder, "node_modules", packagePatch.packageName);
    for (const filePatch of packagePatch.files) {
      const installed = readFileSync(
        path.join(root, "node_modules", packagePatch.packageName, filePatch.file),
        "utf8",
      );
      mkdirSync(path.dirname(path.join(packageFolder, filePatch.file)), { recursive: true });
      writeFileSync(
        path.join(packageFolder, filePatch.file),
        patched ? installed : unpatch(installed, filePatch),
      );
    }
    writeFileSync(path.join(packageFolder, "package.json"), JSON.stringify({ version }));
    return folder;
  }

  it("passes a patched package and stops on a published or another version", () => {
    const packagePatch = patchOf("react-dom");
    const folders = [
      project(packagePatch, { patched: true, version: packagePatch.version }),
      project(packagePatch, { patched: false, version: packagePatch.version }),
      project(packagePatch, { patched: true, version: "99.0.0" }),
    ];
    try {
      expect(() => assertPackagePatchesApplied(folders[0])).not.toThrow();
      expect(() => assertPackagePatchesApplied(folders[1])).toThrow(
        /is not applied to node_modules/,
      );
      expect(() => assertPackagePatchesApplied(folders[2])).toThrow(
        /react-dom 99\.0\.0 is installed/,
      );
    } finally {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  });
});

type RouterModule = typeof import("react-router");
/** The React Router under test and what RecordingRoot records, for the build being rendered. */
let recording: { router: RouterModule; seen: unknown[] } | undefined;

/** The root route: records the loader of the root of the tree ServerRouter made. */
function RecordingRoot() {
  const { router, seen } = recording!;
  const context = useContext(router.UNSAFE_DataRouterContext);
  seen.push((context?.router.routes[0] as { loader?: unknown } | undefined)?.loader);
  return createElement(router.Outlet);
}

function Page() {
  return createElement("p", null, "page");
}

describe("the patch to React Router", () => {
  let published: RouterModule;
  let patched: RouterModule;

  beforeAll(async () => {
    const dist = "dist/production";
    const publishedDir = writePublished(patchOf("react-router"), dist, /\.mjs$/);
    published = await import(pathToFileURL(path.join(publishedDir, "index.mjs")).href);
    patched = await import(
      pathToFileURL(path.join(root, "node_modules/react-router", dist, "index.mjs")).href
    );
  });

  type ConfigEntry = {
    id?: string;
    file: string;
    path?: string;
    index?: boolean;
    children?: ConfigEntry[];
  };
  const table = routeConfig as unknown as ConfigEntry[];

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

  const handlers = new Map<RouterModule, ReturnType<RouterModule["createStaticHandler"]>>();
  /** Route ids a static handler matches for an address (twice), or its status when none answers. */
  async function matched(router: RouterModule, address: string) {
    if (!handlers.has(router))
      handlers.set(router, router.createStaticHandler(toRoutes(table) as never));
    const handler = handlers.get(router)!;
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

  it("matches the same routes as the published build for every address", async () => {
    const list = addresses(table);
    expect(list.length).toBeGreaterThan(500);
    const differences: string[] = [];
    for (const address of list) {
      const expected = await matched(published, address);
      const actual = await matched(patched, address);
      if (actual !== expected) differences.push(`${address}: ${expected} -> ${actual}`);
    }
    expect(differences).toEqual([]);
    // The table is really matched (not every address falls to the site's not-found page).
    expect(await matched(patched, "/insights/x-1")).toContain("routes/site/insight.tsx");
  }, 120_000);

  /** How many route patterns a static handler tries against an address (regular expression matches). */
  async function patternsTried(router: RouterModule, address: string) {
    const handler = router.createStaticHandler(toRoutes(table) as never);
    await handler.query(new Request(`http://frontier.test${address}`));
    const match = String.prototype.match;
    let tried = 0;
    String.prototype.match = function (this: string, matcher: never) {
      if ((matcher as unknown) instanceof RegExp) tried++;
      return match.call(this, matcher);
    } as typeof String.prototype.match;
    try {
      await handler.query(new Request(`http://frontier.test${address}`));
    } finally {
      String.prototype.match = match;
    }
    return tried;
  }

  it("still tries the routes of the whole table in turn when published (the work the patch removes)", async () => {
    // An insight's address is matched against the routes whose first segment is "insights",
    // plus those that start with a parameter; the published build tries the admin's and
    // every other route ranked before it.
    const publishedTries = await patternsTried(published, "/insights/x-1");
    const patchedTries = await patternsTried(patched, "/insights/x-1");
    expect(patchedTries).toBeGreaterThan(0);
    expect(publishedTries).toBeGreaterThan(4 * patchedTries);
  });

  /**
   * A server build whose document is rendered with `router`'s ServerRouter; each render
   * records the loader of the root route of the tree ServerRouter made.
   */
  function renderingBuild(router: RouterModule, seen: unknown[]): ServerBuild {
    recording = { router, seen };
    const asset = (id: string, parentId?: string, routePath?: string) => ({
      id,
      parentId,
      path: routePath,
      module: `/${id}.js`,
      hasLoader: true,
      hasAction: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
      imports: [],
    });
    return {
      entry: {
        module: {
          default: (
            request: Request,
            status: number,
            headers: Headers,
            context: Parameters<typeof router.ServerRouter>[0]["context"],
          ) =>
            new Response(
              `<!DOCTYPE html>${renderToString(createElement(router.ServerRouter, { context, url: request.url }))}`,
              { status, headers },
            ),
        },
      },
      routes: {
        root: { id: "root", path: "", module: { default: RecordingRoot, loader: () => "root" } },
        page: {
          id: "page",
          parentId: "root",
          path: "page",
          module: { default: Page, loader: () => "page" },
        },
      },
      assets: {
        entry: { module: "/entry.js", imports: [] },
        routes: { root: asset("root", undefined, ""), page: asset("page", "root", "page") },
        url: "/manifest.js",
        version: "1",
      },
      basename: "/",
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
  }

  async function treesOfTwoRenders(router: RouterModule) {
    const seen: unknown[] = [];
    const handle = router.createRequestHandler(renderingBuild(router, seen), "production");
    for (let render = 0; render < 2; render++) {
      const answer = await handle(new Request("http://frontier.test/page"));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("<p>page</p>");
    }
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeTypeOf("function");
    return seen;
  }

  it("renders every document of a build from one route tree", async () => {
    const [first, second] = await treesOfTwoRenders(patched);
    expect(second).toBe(first);
  });

  it("still builds ServerRouter's route tree again for every render when published (the work the patch removes)", async () => {
    const [first, second] = await treesOfTwoRenders(published);
    expect(second).not.toBe(first);
  });
});

describe("the patch to React DOM's server renderer", () => {
  const file = "cjs/react-dom-server.node.production.js";
  const patchedRenderer = path.join(root, "node_modules/react-dom", file);
  let publishedRenderer: string;

  beforeAll(() => {
    publishedRenderer = path.join(
      writePublished(patchOf("react-dom"), "cjs", /^$/),
      "react-dom-server.node.production.js",
    );
  });

  /** What a renderer writes for each document of tests/fixtures/render-corpus.mjs, in production mode. */
  async function renderCorpus(renderer: string, ...options: string[]) {
    const { stdout } = await run(
      process.execPath,
      [path.join(root, "tests/fixtures/render-corpus.mjs"), renderer, ...options],
      { env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as Record<string, string>;
  }

  it("writes the same bytes as the published renderer, all at once and streamed", async () => {
    const [expected, actual] = await Promise.all([
      renderCorpus(publishedRenderer),
      renderCorpus(patchedRenderer),
    ]);
    expect(Object.keys(actual)).toHaveLength(10);
    for (const [name, html] of Object.entries(expected)) {
      expect(html.length, name).toBeGreaterThan(0);
      expect(actual[name], name).toBe(html);
    }
    // The corpus reaches what the change touches: writes longer than one joined string,
    // and streamed boundaries completed by React's inline scripts.
    expect(Math.max(...Object.values(expected).map((html) => html.length))).toBeGreaterThan(
      4 * 16_384,
    );
    expect(expected["Suspense boundaries settled later (streamed)"]).toContain("$RC");
  });

  it("still encodes every string on its own when published (the work the patch removes)", async () => {
    const [publishedCalls, patchedCalls] = await Promise.all([
      renderCorpus(publishedRenderer, "--count-encoder-calls"),
      renderCorpus(patchedRenderer, "--count-encoder-calls"),
    ]);
    // The patched renderer encodes nothing itself: the destination encodes each joined string.
    expect(patchedCalls.encoderCalls).toBe(0);
    expect(publishedCalls.encoderCalls).toBeGreaterThan(1000);
  });
});
