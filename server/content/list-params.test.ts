import { describe, expect, it } from "vitest";
import { listPath } from "#shared/list-params.ts";
import { parseListParams } from "./list-params";

describe("public list parameters", () => {
  const parse = (query: string) => parseListParams(new URL(`http://x/insights${query}`));

  it("read page and filters; empty filters are no filter", () => {
    expect(parse("?page=3&tag=%20ai%20")).toEqual({ page: 3, tag: "ai" });
    expect(parse("?service=&industry=")).toEqual({});
    expect(parse("?page=abc&page=2")).toEqual({ page: 2 });
    expect(parse("?utm_source=news")).toEqual({});
  });

  it("refuse a malformed page or filter (the page answers 404)", () => {
    for (const query of ["?page=0", "?page=2.5", "?page=abc", "?page=10001", "?page=-1"])
      expect(parse(query), query).toBeUndefined();
    expect(parse(`?industry=${"x".repeat(81)}`)).toBeUndefined();
  });

  it("make one canonical path per list state", () => {
    expect(listPath("/case-studies", { page: 1, service: "ai-ml", industry: "" })).toBe(
      "/case-studies?service=ai-ml",
    );
    expect(listPath("/insights", { tag: "a b", page: 2 })).toBe("/insights?page=2&tag=a+b");
  });
});
