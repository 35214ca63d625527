import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's directory (the one with package.json), found from this module wherever it
 * runs from: server/ under tsx, the compiled start file in the build directory, or the
 * React Router server build.
 */
function findProjectRoot(start: string) {
  let directory = start;
  while (!existsSync(path.join(directory, "package.json"))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${start}`);
    directory = parent;
  }
  return directory;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
