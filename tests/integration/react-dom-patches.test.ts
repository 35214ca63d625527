/**
 * The build's change to React DOM's server renderer (scripts/react-dom-patches.mjs, decision
 * 728) keeps the rendered bytes exactly: tests/fixtures/render-corpus.mjs renders documents
 * and fragments of every kind React writes with the published renderer and with the changed
 * one, each in a production process of its own, and both must write the same bytes.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PATCHED_REACT_DOM_FILE,
  PATCHED_REACT_DOM_VERSION,
  patchReactDomServer,
  reactDomServerPatches,
} from "../../scripts/react-dom-patches.mjs";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const published = path.join(root, "node_modules/react-dom", PATCHED_REACT_DOM_FILE);
// Inside the project, so the copy's own imports (react, react-dom) resolve as in build/.
const changed = path.join(
  root,
  "node_modules/.cache",
  `react-dom-patched-${process.pid}`,
  PATCHED_REACT_DOM_FILE,
);

/** What a renderer writes for each document of the corpus, rendered in React's production mode. */
async function renderCorpus(renderer: string) {
  const { stdout } = await run(
    process.execPath,
    [path.join(root, "tests/fixtures/render-corpus.mjs"), renderer],
    { env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, string>;
}

describe("the build's change to React DOM's server renderer", () => {
  beforeAll(() => {
    mkdirSync(path.dirname(changed), { recursive: true });
    writeFileSync(changed, patchReactDomServer(readFileSync(published, "utf8")));
  });
  afterAll(() => rmSync(path.join(changed, "../.."), { recursive: true, force: true }));

  it(`is written against the installed React DOM (${PATCHED_REACT_DOM_VERSION})`, () => {
    const require = createRequire(import.meta.url);
    expect(require("react-dom/package.json").version).toBe(PATCHED_REACT_DOM_VERSION);
  });

  it("writes the same bytes as the published renderer, all at once and streamed", async () => {
    const [expected, actual] = await Promise.all([renderCorpus(published), renderCorpus(changed)]);
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

  it("stops the build when React DOM's code is not what the change was written for", () => {
    const source = readFileSync(published, "utf8");
    for (const patch of reactDomServerPatches)
      expect(() => patchReactDomServer(source.replace(patch.find, ""))).toThrow(patch.name);
  });
});
