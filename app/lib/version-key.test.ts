import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { versionKey } from "./version-key";

describe("versionKey", () => {
  it("tells apart two saves in the same second", () => {
    const first = new Date("2026-12-03T06:15:26.120Z");
    const second = new Date("2026-12-03T06:15:26.870Z");
    expect(versionKey(first)).not.toBe(versionKey(second));
  });

  it("gives the same key for the same moment, as a date or as sent over the wire", () => {
    const saved = new Date("2026-12-03T06:15:26.120Z");
    expect(versionKey(saved.toISOString())).toBe(versionKey(saved));
    expect(versionKey(saved.getTime())).toBe(versionKey(saved));
  });

  it("is what every screen keys a record's form by, never a time in whole seconds", () => {
    const app = new URL("../", import.meta.url);
    const screens = readdirSync(app, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".tsx"),
    );
    // A key of a record's time: `key={…updatedAt…}`, one attribute a line.
    const keys = screens.flatMap((file) =>
      [...readFileSync(new URL(file, app), "utf8").matchAll(/\bkey=\{(.+)\}$/gm)]
        .map(([, expression]) => expression)
        .filter((expression) => /At\b/.test(expression))
        .map((expression) => `${file}: ${expression}`),
    );
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(keys.filter((key) => !key.includes("versionKey("))).toEqual([]);
  });
});
