import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyHeapSettings } from "./heap-settings";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Keeps about 30 MB alive while making 800 MB of objects that live a little while (as a
 * render's do), and prints the largest heap V8 committed meanwhile, in MB.
 */
const churn = `
const live = Array.from({ length: 300000 }, (_, i) => ({ i, s: "live " + i }));
let peak = 0;
const recent = [];
for (let round = 0; round < 400; round++) {
  recent.push(Array.from({ length: 20000 }, (_, i) => ({ round, i, s: "x" + i })));
  if (recent.length > 10) recent.shift();
  peak = Math.max(peak, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ peakMb: Math.round(peak / 1048576), live: live.length }));
`;

function peakHeapMb(prelude: string) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", `${prelude}\n${churn}`],
    { cwd: root, encoding: "utf8" },
  );
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}").peakMb as number;
}

describe("heap settings", () => {
  it("keep the heap near 1.4 times what stays alive", () => {
    const prelude = `import { applyHeapSettings } from "#server/heap-settings.ts";
if (!applyHeapSettings()) throw new Error("not applied");`;
    // V8's own choice commits 200 MB and more for this; 30 MB live and 40 % growth stay far below.
    expect(peakHeapMb(prelude)).toBeLessThan(170);
  });

  it("leave an operator's own --heap-growing-percent alone", () => {
    expect(applyHeapSettings(["--heap-growing-percent=80"])).toBe(false);
    expect(applyHeapSettings(["--heap_growing_percent=80"])).toBe(false);
  });
});
