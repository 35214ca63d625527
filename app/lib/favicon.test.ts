import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_FAVICON, faviconLink, faviconType } from "./favicon";

describe("faviconType", () => {
  it.each([
    ["/icons/site.png", "image/png"],
    ["/icons/site.PNG?v=3", "image/png"],
    ["https://cdn.example.com/favicon.ico#top", "image/x-icon"],
    ["/favicon.ico?x=a.png", "image/x-icon"],
    ["/logo.svg", "image/svg+xml"],
    ["/logo.webp", "image/svg+xml"],
    ["/no-extension", "image/svg+xml"],
    ["/image.png.svg?format=png", "image/svg+xml"],
  ])("%s is %s", (url, type) => {
    expect(faviconType(url)).toBe(type);
  });
});

describe("faviconLink", () => {
  it("is the built-in PNG when no favicon is set, a 64x64 file in public/ (decision 744)", () => {
    for (const unset of [undefined, null, ""]) {
      expect(faviconLink(unset)).toEqual({ href: DEFAULT_FAVICON, type: "image/png" });
    }
    const png = readFileSync(new URL(`../../public${DEFAULT_FAVICON}`, import.meta.url));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
  });

  it("gives a configured favicon the type of its extension", () => {
    expect(faviconLink("/brand/icon.ico?v=2")).toEqual({
      href: "/brand/icon.ico?v=2",
      type: "image/x-icon",
    });
  });
});
