/**
 * Loaders and actions get the request as it came (`future.v8_passThroughRequests`, decision
 * 740): its address can end in `.data` and carry React Router's `_routes` and `index`. The
 * address a route reads (filters, pages, tokens, where to go back to) comes from its `url`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../react-router.config";

const root = path.resolve(import.meta.dirname, "../..");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "+types" ? [] : sourcesUnder(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the address a route reads", () => {
  it("is React Router's url for every loader and action, never the request's own", () => {
    expect(config.future?.v8_passThroughRequests).toBe(true);
    const files = [
      ...sourcesUnder(path.join(root, "app/routes")),
      ...sourcesUnder(path.join(root, "server/content-admin")),
      ...sourcesUnder(path.join(root, "server/admin")),
    ];
    expect(files.length).toBeGreaterThan(50);
    const readers = files.filter((file) => /\brequest\.url\b/.test(readFileSync(file, "utf8")));
    expect(readers.map((file) => path.relative(root, file))).toEqual([]);
  });
});
