// The changes we make to published packages live in patches/<package>+<version>.patch, unified
// diffs in patch-package's form, applied to node_modules by `npm install` and `npm ci`
// (package.json's postinstall runs patch-package; decision 760). This module reads them so that
// the build can refuse to run on a package they were not applied to, and the tests can rebuild
// a package's published code (tests/integration/package-patches.test.ts).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * @typedef {{ before: string, after: string }} Hunk  a hunk's lines without and with the change
 * @typedef {{ file: string, hunks: Hunk[] }} FilePatch  a file under the package's folder
 * @typedef {{ name: string, packageName: string, version: string, files: FilePatch[] }} PackagePatch
 */

/** The patches under `root`/patches, parsed. */
export function readPackagePatches(root) {
  const folder = path.join(root, "patches");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".patch"))
    .sort()
    .map((name) => parsePackagePatch(name, readFileSync(path.join(folder, name), "utf8")));
}

/** A patch-package file: `<package>+<version>.patch` (a scope's slash written as `+`). */
export function parsePackagePatch(name, text) {
  const match = name.match(/^(.+)\+([^+]+)\.patch$/);
  if (!match) throw new Error(`${name} is not named <package>+<version>.patch`);
  const packageName = match[1].replace("+", "/");
  const files = [];
  // The hunk being read, and how many lines of each side it still has to come.
  let hunk = null;
  let beforeLeft = 0;
  let afterLeft = 0;
  let lastSide = null;
  for (const line of text.split("\n")) {
    if (hunk && line === "\\ No newline at end of file") {
      // The line before it ends its side of the file: nothing follows it there.
      if (lastSide !== "after") hunk.before.push(null);
      if (lastSide !== "before") hunk.after.push(null);
      continue;
    }
    if (hunk && (beforeLeft > 0 || afterLeft > 0)) {
      const [mark, rest] = [line[0], line.slice(1)];
      if (mark === " " || line === "") {
        hunk.before.push(rest);
        hunk.after.push(rest);
        beforeLeft--;
        afterLeft--;
        lastSide = "both";
      } else if (mark === "-") {
        hunk.before.push(rest);
        beforeLeft--;
        lastSide = "before";
      } else if (mark === "+") {
        hunk.after.push(rest);
        afterLeft--;
        lastSide = "after";
      } else throw new Error(`${name}: unexpected line in a hunk: ${line}`);
      continue;
    }
    const header = line.match(/^\+\+\+ b\/node_modules\/(.+)$/);
    if (header) {
      files.push({ file: header[1].slice(packageName.length + 1), hunks: [] });
      hunk = null;
      continue;
    }
    const counts = line.match(/^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/);
    if (counts) {
      hunk = { before: [], after: [] };
      beforeLeft = Number(counts[1] ?? 1);
      afterLeft = Number(counts[2] ?? 1);
      files.at(-1).hunks.push(hunk);
    }
  }
  const text_ = (lines) => lines.filter((line) => line !== null).join("\n");
  return {
    name,
    packageName,
    version: match[2],
    files: files.map(({ file, hunks }) => ({
      file,
      hunks: hunks.map(({ before, after }) => ({ before: text_(before), after: text_(after) })),
    })),
  };
}

const occurrences = (source, text) => source.split(text).length - 1;

/** Whether `source` holds every hunk of `filePatch` as changed, each exactly once. */
export function isPatched(source, filePatch) {
  return filePatch.hunks.every((hunk) => occurrences(source, hunk.after) === 1);
}

/**
 * `source` with the change undone: each hunk's changed lines, found exactly once, replaced by
 * the published ones. Throws when a hunk is not found exactly once.
 */
export function unpatch(source, filePatch) {
  return filePatch.hunks.reduce((text, hunk, index) => {
    const count = occurrences(text, hunk.after);
    if (count !== 1)
      throw new Error(`${filePatch.file}: hunk ${index + 1} found ${count} times (expected once)`);
    return text.replace(hunk.after, () => hunk.before);
  }, source);
}

/**
 * `source` (the published file) with the change made, each hunk's published lines found
 * exactly once. Throws, naming the hunk, when one is not: the package is not what the patch
 * was written against.
 */
export function patch(source, filePatch) {
  return filePatch.hunks.reduce((text, hunk, index) => {
    const count = occurrences(text, hunk.before);
    if (count !== 1)
      throw new Error(`${filePatch.file}: hunk ${index + 1} found ${count} times (expected once)`);
    return text.replace(hunk.before, () => hunk.after);
  }, source);
}

/** The installed version of a package under `root`/node_modules. */
export function installedVersion(root, packageName) {
  return JSON.parse(
    readFileSync(path.join(root, "node_modules", packageName, "package.json"), "utf8"),
  ).version;
}

/**
 * Throws unless every patch under `root`/patches is applied to the installed package it names,
 * at the version it names: a build never ships the published code by mistake (patch-package
 * only warns, outside CI, when a patch fails).
 */
export function assertPackagePatchesApplied(root) {
  for (const packagePatch of readPackagePatches(root)) {
    const version = installedVersion(root, packagePatch.packageName);
    const problem =
      version !== packagePatch.version
        ? `${packagePatch.packageName} ${version} is installed`
        : packagePatch.files.find(
            (filePatch) =>
              !isPatched(
                readFileSync(
                  path.join(root, "node_modules", packagePatch.packageName, filePatch.file),
                  "utf8",
                ),
                filePatch,
              ),
          ) && "it is not applied to node_modules (run `npm install`, which runs patch-package)";
    if (problem)
      throw new Error(
        `patches/${packagePatch.name}: ${problem}. See docs/decisions/760-package-patches.md.`,
      );
  }
}
