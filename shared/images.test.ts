import { describe, expect, it } from "vitest";
import { renditionsOf } from "./images";

describe("renditionsOf", () => {
  const base = "/uploads/images/0123456789abcdef0123456789abcdef";

  it("offers every rendition up to the stored width in both formats", () => {
    expect(renditionsOf(`${base}-1600.webp`)).toEqual({
      avif: `${base}-480.avif 480w, ${base}-960.avif 960w, ${base}-1600.avif 1600w`,
      webp: `${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w`,
      smallest: `${base}-480.webp`,
    });
    expect(renditionsOf(`${base}-700.webp`)?.webp).toBe(
      `${base}-480.webp 480w, ${base}-700.webp 700w`,
    );
  });

  it("leaves other images alone", () => {
    expect(renditionsOf("/media/insights/a.svg")).toBeUndefined();
    expect(renditionsOf("https://example.com/x.png")).toBeUndefined();
    expect(renditionsOf(null)).toBeUndefined();
  });
});
