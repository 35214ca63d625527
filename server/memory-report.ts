import { readFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";
import type { Database } from "#server/db/client.ts";

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Resident memory by kind, from Linux's /proc (anonymous: heaps; file: the mapped binaries). */
function residentByKind() {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssAnon: mb(kb("RssAnon") * 1024), rssFile: mb(kb("RssFile") * 1024) };
  } catch {
    return {};
  }
}

/**
 * Where the process's memory is, in MB: resident set, V8's heap (each space), memory outside
 * the heap, and the embedded database's WebAssembly memory. A diagnostic for operators and the
 * benchmark (decision 703), printed only when FRONTIER_MEMORY_REPORT=1.
 */
export function measureMemory(database: Database) {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)]),
  );
  return {
    rss: mb(usage.rss),
    ...residentByKind(),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    databaseEngine: mb(database.engineMemoryBytes?.() ?? 0),
    heapSpacesUsed: spaces,
  };
}

/** With FRONTIER_MEMORY_REPORT=1: one `memory {...}` line on SIGUSR2 and at shutdown. */
export function reportMemoryWhenAsked(database: Database) {
  const isEnabled = ["1", "true", "yes"].includes(process.env.FRONTIER_MEMORY_REPORT ?? "");
  const report = (moment: string) => {
    if (isEnabled)
      process.stdout.write(`memory ${JSON.stringify({ moment, ...measureMemory(database) })}\n`);
  };
  if (isEnabled) process.on("SIGUSR2", () => report("asked"));
  return { atShutdown: () => report("shutdown") };
}
