import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";

/**
 * Vitest's global setup for the unit and integration tests: one migrated embedded database,
 * dumped once to a file that every in-memory test database starts from
 * (`createTestDatabase`). Making a new one takes about a second (the cluster, then 42
 * migrations); starting from the dump about 0.3 s.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "frontier-db-template-"));
  const file = path.join(dir, "migrated.tar");
  const database = await openDatabase({});
  try {
    const dump = await database.dumpDataDir!();
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("migratedDatabase", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
