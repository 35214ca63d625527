import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { compiledCli } from "./build-paths.ts";

/**
 * Vitest's global setup for the browser specs: `npm run seed` once, into a directory every
 * new server's data directory starts as a copy of. A first start on an empty directory makes
 * the embedded database and adds the demo content (about 3.6 s here, 8 s on a slow machine);
 * a start on the copy, about 1.1 s. The copy is the state `npm run seed` leaves: no server
 * has run on it, so no recurring job has run its slot and no setup link was issued.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "frontier-template-"));
  execFileSync(process.execPath, [compiledCli("seed")], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  project.provide("dataTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
