import { describe, expect, it } from "vitest";
import { publicPagePath, touchpointPath } from "./public-paths";
import {
  campaignValue,
  countryOf,
  deviceClassOf,
  exclusionOf,
  referrerHostOf,
} from "./request-facts";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const androidPhone =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const androidTablet =
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const ipad =
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";

describe("the device class", () => {
  it("tells phones, tablets and desktops apart by the user agent", () => {
    expect(deviceClassOf(chrome)).toBe("desktop");
    expect(deviceClassOf(iphone)).toBe("mobile");
    expect(deviceClassOf(androidPhone)).toBe("mobile");
    expect(deviceClassOf(androidTablet)).toBe("tablet");
    expect(deviceClassOf(ipad)).toBe("tablet");
  });
});

describe("what is not counted", () => {
  const staffCookie = "frontier.session";
  const visit = (headers: Record<string, string>) =>
    exclusionOf({ "user-agent": chrome, ...headers }, { staffCookie });

  it("counts a plain visit", () => {
    expect(visit({})).toBeUndefined();
    expect(visit({ cookie: "fr_toast=1; other=2" })).toBeUndefined();
  });

  it("leaves out Do-Not-Track, Global Privacy Control, bots, prefetches and staff", () => {
    expect(visit({ dnt: "1" })).toBe("privacy-signal");
    expect(visit({ "sec-gpc": "1" })).toBe("privacy-signal");
    expect(visit({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe("bot");
    expect(visit({ "user-agent": "" })).toBe("bot");
    expect(visit({ "sec-purpose": "prefetch;prerender" })).toBe("prefetch");
    expect(visit({ purpose: "prefetch" })).toBe("prefetch");
    expect(visit({ cookie: "a=b; frontier.session=abc.def" })).toBe("staff");
  });

  it("reads Fetch headers too (a form's request)", () => {
    expect(exclusionOf(new Headers({ "user-agent": chrome, dnt: "1" }), { staffCookie })).toBe(
      "privacy-signal",
    );
  });
});

describe("country, referrer and campaign", () => {
  it("takes a two-letter country from the configured header only", () => {
    expect(countryOf({ "cf-ipcountry": "de" }, "cf-ipcountry")).toBe("DE");
    expect(countryOf({ "cf-ipcountry": "XX" }, "cf-ipcountry")).toBeNull();
    expect(countryOf({ "cf-ipcountry": "Germany" }, "cf-ipcountry")).toBeNull();
    expect(countryOf({ "x-country": "FR" }, "cf-ipcountry")).toBeNull();
    expect(countryOf({ "cf-ipcountry": "FR" }, "")).toBeNull();
  });

  it("keeps the referring host of other sites only", () => {
    expect(referrerHostOf("https://News.Example.com/a?b=c", ["frontier.test"])).toBe(
      "news.example.com",
    );
    expect(referrerHostOf("https://frontier.test/insights", ["frontier.test"])).toBeNull();
    expect(referrerHostOf("javascript:alert(1)", [])).toBeNull();
    expect(referrerHostOf("not a url", [])).toBeNull();
    expect(referrerHostOf("", [])).toBeNull();
  });

  it("cleans campaign values", () => {
    expect(campaignValue("  spring\u0000 ")).toBe("spring");
    expect(campaignValue("x".repeat(500))).toHaveLength(100);
    expect(campaignValue("")).toBeNull();
    expect(campaignValue(42)).toBeNull();
  });
});

describe("public paths", () => {
  it("accepts the site's pages and refuses everything else", () => {
    expect(publicPagePath("/")).toBe("/");
    expect(publicPagePath("/insights/")).toBe("/insights");
    expect(publicPagePath("/insights/ship-it-2024")).toBe("/insights/ship-it-2024");
    expect(publicPagePath("/privacy")).toBe("/privacy");
    for (const path of [
      "/admin",
      "/admin/analytics",
      "/proposal/abc",
      "/insights/a/b",
      "/insights/Upper",
      "/insights/%2e%2e",
      "/sitemap.xml",
      `/insights/${"a".repeat(300)}`,
      "insights",
      "",
    ])
      expect(publicPagePath(path), path).toBeUndefined();
  });

  it("takes /podcasts#slug as an episode's touchpoint", () => {
    expect(touchpointPath("/podcasts#episode-1")).toBe("/podcasts#episode-1");
    expect(touchpointPath("/podcasts#<script>")).toBeUndefined();
    expect(touchpointPath("/contact#x")).toBeUndefined();
  });
});
