import { describe, expect, it } from "vitest";
import { faviconType } from "./favicon";

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
