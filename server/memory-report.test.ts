import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { residentOfWasmMemory } from "./memory-report";

const MB = 1024 * 1024;

function mapping(start: bigint, end: bigint, perms: string, rssKb: number, path = "") {
  return [
    `${start.toString(16)}-${end.toString(16)} ${perms} 00000000 00:00 0 ${path}`.trimEnd(),
    `Size:           ${Number(end - start) / 1024} kB`,
    `Rss:            ${rssKb} kB`,
    "Pss:            0 kB",
  ].join("\n");
}

describe("residentOfWasmMemory", () => {
  const base = 0x7f0000000000n;
  const size = BigInt(128 * MB);
  const guard = BigInt(10 * 1024 * MB);

  it("reads the resident part of the mapping followed by its guard reservation", () => {
    const smaps = [
      mapping(base - 2n * size, base - size, "rw-p", 131072),
      mapping(base, base + size, "rw-p", 29_000),
      mapping(base + size, base + size + guard, "---p", 0),
      mapping(base + size + guard, base + size + guard + 4096n, "r-xp", 4, "/usr/bin/node"),
    ].join("\n");
    expect(residentOfWasmMemory(smaps, 128 * MB)).toBe(29_000 * 1024);
  });

  it("answers nothing when no mapping or more than one fits", () => {
    const lone = mapping(base, base + size, "rw-p", 1000);
    expect(residentOfWasmMemory(lone, 128 * MB)).toBeUndefined();
    const twice = [
      mapping(base, base + size, "rw-p", 1000),
      mapping(base + size, base + size + guard, "---p", 0),
      mapping(base + 2n * guard, base + 2n * guard + size, "rw-p", 2000),
      mapping(base + 2n * guard + size, base + 3n * guard + size, "---p", 0),
    ].join("\n");
    expect(residentOfWasmMemory(twice, 128 * MB)).toBeUndefined();
  });

  it("finds a real WebAssembly memory of this process and what of it is touched", () => {
    // 1,000 pages (62.5 MB): a size nothing else in this process has.
    const memory = new WebAssembly.Memory({ initial: 1000 });
    const bytes = new Uint8Array(memory.buffer);
    const touched = 20 * MB;
    for (let offset = 0; offset < touched; offset += 4096) bytes[offset] = 1;
    const resident = residentOfWasmMemory(
      readFileSync("/proc/self/smaps", "utf8"),
      memory.buffer.byteLength,
    );
    expect(resident).toBeGreaterThanOrEqual(touched);
    expect(resident).toBeLessThan(touched + 4 * MB);
  });
});
