import { describe, expect, it } from "vitest";
import { listPath } from "#shared/list-params.ts";
import { parseListParams } from "./list-params";

describe("public list parameters", () => {
  it("read page and filters, dropping anything odd", () => {
    const parse = (query: string) => parseListParams(new URL(`http://x/insights${query}`));
    expect(parse("?page=3&tag=%20ai%20")).toEqual({ page: 3, tag: "ai" });
    expect(parse(`?page=0&service=&industry=${"x".repeat(81)}`)).toEqual({});
    expect(parse("?page=abc&page=2")).toEqual({ page: 2 });
    expect(parse("?page=2.5")).toEqual({});
  });

  it("make one canonical path per list state", () => {
    expect(listPath("/case-studies", { page: 1, service: "ai-ml", industry: "" })).toBe(
      "/case-studies?service=ai-ml",
    );
    expect(listPath("/insights", { tag: "a b", page: 2 })).toBe("/insights?page=2&tag=a+b");
  });
});
