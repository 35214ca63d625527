import { readFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";
import type { Database } from "#server/db/client.ts";
import { appliedHeapGrowingPercent } from "./heap-settings";
import { idleCollectionsSoFar } from "./idle-collect";

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

const GUARD_MIN_BYTES = BigInt(1024 * MB);

/**
 * How much of a WebAssembly memory of `sizeBytes` is resident, from /proc/self/smaps text: V8
 * maps such a memory as one read-write anonymous mapping of exactly its size, directly followed
 * by an inaccessible guard reservation of gigabytes. Undefined unless exactly one mapping fits.
 */
export function residentOfWasmMemory(smaps: string, sizeBytes: number) {
  type Mapping = { start: bigint; end: bigint; perms: string; path: string; rssKb: number };
  const mappings: Mapping[] = [];
  for (const row of smaps.split("\n")) {
    const header = row.match(/^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+\s*(.*)$/);
    if (header) {
      const [, start, end, perms, path] = header;
      mappings.push({
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        perms,
        path: path.trim(),
        rssKb: 0,
      });
      continue;
    }
    const rss = row.match(/^Rss:\s+(\d+) kB/);
    const last = mappings.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  const size = BigInt(sizeBytes);
  const fits = mappings.filter((mapping, index) => {
    const next = mappings[index + 1];
    return (
      mapping.perms.startsWith("rw") &&
      mapping.path === "" &&
      mapping.end - mapping.start === size &&
      next !== undefined &&
      next.start === mapping.end &&
      next.perms.startsWith("---") &&
      next.end - next.start >= GUARD_MIN_BYTES
    );
  });
  return fits.length === 1 ? fits[0].rssKb * 1024 : undefined;
}

function residentOfEngine(engineBytes: number) {
  if (engineBytes === 0) return 0;
  try {
    return residentOfWasmMemory(readFileSync("/proc/self/smaps", "utf8"), engineBytes);
  } catch {
    return undefined;
  }
}

/**
 * Where the process's memory is, in MB: resident set, V8's heap (each space), memory outside
 * the heap, and the embedded database's WebAssembly memory. A diagnostic for operators and the
 * benchmark (decision 703), printed only when FRONTIER_MEMORY_REPORT=1.
 */
export function measureMemory(database: Database) {
  const usage = process.memoryUsage();
  const engineBytes = database.engineMemoryBytes?.() ?? 0;
  const engineResident = residentOfEngine(engineBytes);
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
    databaseEngine: mb(engineBytes),
    // Of that reservation, what the engine has touched (counted in the resident set).
    databaseEngineResident: engineResident === undefined ? null : mb(engineResident),
    heapSpacesUsed: spaces,
    // Null when the server was started with the operator's own --heap-growing-percent.
    heapGrowingPercent: appliedHeapGrowingPercent() ?? null,
    // Full collections made while idle since the start (decision 808).
    idleCollections: idleCollectionsSoFar(),
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
