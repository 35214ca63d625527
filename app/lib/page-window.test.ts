import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("shows the first, the last and the current page's neighbours, with gaps between", () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, "gap", 100]);
    expect(pageWindow(50, 100)).toEqual([1, "gap", 49, 50, 51, "gap", 100]);
    expect(pageWindow(100, 100)).toEqual([1, "gap", 99, 100]);
    expect(pageWindow(50, 100, 2)).toEqual([1, "gap", 48, 49, 50, 51, 52, "gap", 100]);
  });

  it("shows a single left-out page instead of a gap", () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pageWindow(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
  });

  it("keeps a page past the last within bounds", () => {
    expect(pageWindow(12, 10)).toEqual([1, "gap", 10]);
  });
});
