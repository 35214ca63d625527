import { describe, expect, it } from "vitest";
import { COLOUR_CYCLE_MS, cycleColour, particleCount, pixelRatio } from "./particles";

describe("particle background maths", () => {
  it("places one particle per 32000 square pixels", () => {
    expect(particleCount(1440, 900)).toBe(41);
    expect(particleCount(390, 844)).toBe(10);
    expect(particleCount(10, 10)).toBe(1);
  });

  it("caps the pixel ratio at 2", () => {
    expect(pixelRatio(3)).toBe(2);
    expect(pixelRatio(1.5)).toBe(1.5);
    expect(pixelRatio(0)).toBe(1);
  });

  it("cycles blue, orange, purple over 60 seconds", () => {
    expect(cycleColour(0)).toEqual([59, 130, 246]);
    expect(cycleColour(COLOUR_CYCLE_MS / 3)).toEqual([249, 115, 22]);
    expect(cycleColour((2 * COLOUR_CYCLE_MS) / 3)).toEqual([168, 85, 247]);
    expect(cycleColour(COLOUR_CYCLE_MS)).toEqual(cycleColour(0));
  });
});
