import { describe, expect, it } from "vitest";
import { addressOf, cacheKeyOf, isCacheablePath } from "./public-pages";

describe("isCacheablePath", () => {
  it("takes public pages and feeds only", () => {
    for (const path of [
      "/",
      "/faq",
      "/insights",
      "/insights/a-slug",
      "/services/x",
      "/sitemap.xml",
    ])
      expect(isCacheablePath(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/insights",
      "/login",
      "/proposal/x",
      "/insights.data",
      "/newsletter",
      "/insights/a/b",
      "/resources/form-token",
    ])
      expect(isCacheablePath(path), path).toBe(false);
  });
});

describe("addressOf", () => {
  it("keys a page by its path and the parameters it reads, in one order", () => {
    expect(addressOf("/")).toEqual({ key: "/" });
    expect(addressOf("/?utm_source=x&utm_campaign=y&gclid=1&fbclid=2&msclkid=3&ref=a")).toEqual({
      key: "/",
    });
    expect(addressOf("/faq?tag=ai&page=2")).toEqual({ key: "/faq" });
    expect(addressOf("/insights?tag=ai&page=2&mc_cid=1&mc_eid=2")).toEqual({
      key: "/insights?page=2&tag=ai",
    });
    expect(addressOf("/insights?page=2&tag=ai")).toEqual({ key: "/insights?page=2&tag=ai" });
    expect(addressOf("/insights?tag=a%20b")).toEqual({ key: "/insights?tag=a+b" });
    expect(addressOf("/case-studies?service=ai-ml&industry=Retail&tag=x")).toEqual({
      key: "/case-studies?industry=Retail&service=ai-ml",
    });
    expect(addressOf("/podcasts?page=3&tag=ai")).toEqual({ key: "/podcasts?page=3" });
    // Malformed values are the loader's to refuse (404); they are not rewritten.
    expect(addressOf("/podcasts?page=abc")).toEqual({ key: "/podcasts?page=abc" });
  });

  it("sends other spellings of a page to the canonical one, keeping the rest of the query", () => {
    expect(addressOf("/insights?page=1")).toEqual({ key: "/insights", redirectTo: "/insights" });
    expect(addressOf("/insights?utm_source=x&page=1&tag=ai")).toEqual({
      key: "/insights?tag=ai",
      redirectTo: "/insights?tag=ai&utm_source=x",
    });
    expect(addressOf("/insights?page=2&page=3")).toEqual({
      key: "/insights?page=3",
      redirectTo: "/insights?page=3",
    });
    expect(addressOf("/case-studies?service=&industry=")).toEqual({
      key: "/case-studies",
      redirectTo: "/case-studies",
    });
    expect(addressOf("/insights?tag=+ai")?.redirectTo).toBe("/insights?tag=ai");
  });

  it("is nothing for other paths", () => {
    expect(addressOf("/admin?page=2")).toBeUndefined();
    expect(addressOf("/insights.data?page=2")).toBeUndefined();
  });
});

describe("cacheKeyOf", () => {
  it("gives the key of a canonical address only", () => {
    expect(cacheKeyOf("/faq")).toBe("/faq");
    expect(cacheKeyOf("/?utm_source=x")).toBe("/");
    expect(cacheKeyOf("/insights?page=1")).toBeUndefined();
    expect(cacheKeyOf("/admin")).toBeUndefined();
  });
});
