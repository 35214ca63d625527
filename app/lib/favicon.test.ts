import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_FAVICON, faviconType } from "./favicon";

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

describe("DEFAULT_FAVICON", () => {
  it("is a PNG the site serves from public/ (decision 744)", () => {
    expect(faviconType(DEFAULT_FAVICON)).toBe("image/png");
    expect(existsSync(new URL(`../../public${DEFAULT_FAVICON}`, import.meta.url))).toBe(true);
  });
});
