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
});
