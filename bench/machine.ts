/**
 * What this machine charges for fresh memory, read in a process of its own: the first write to
 * each 4 KB page of a new 128 MB allocation (a minor page fault), the median of three rounds.
 * Most hardware takes a few tenths of a microsecond; some virtual machines take tens of times
 * that, and a browser's new renderer, which touches tens of megabytes, pays it in every task
 * Lighthouse times (and multiplies by its CPU slowdown). On the AMD EPYC machines here the
 * cost is the host's, for memory the machine has not used since it started (11–12 µs a page,
 * against 1.4 µs for memory used and freed before): a new machine reads high until its
 * processes have used some, an install and a build for instance (docs/performance.md).
 */
import { execFileSync } from "node:child_process";

const PROBE = `
const PAGE = 4096, SIZE = 128 * 2 ** 20, costs = [];
for (let round = 0; round < 3; round++) {
  const buffer = Buffer.allocUnsafeSlow(SIZE);
  const start = process.hrtime.bigint();
  for (let offset = 0; offset < SIZE; offset += PAGE) buffer[offset] = 1;
  costs.push(Number(process.hrtime.bigint() - start) / 1000 / (SIZE / PAGE));
}
process.stdout.write(String(costs.sort((a, b) => a - b)[1]));
`;

/** Microseconds to give a process one fresh 4 KB page of memory. */
export function freshPageCostUs(): number {
  return Number(execFileSync(process.execPath, ["-e", PROBE], { encoding: "utf8" }));
}
