import { describe, expect, it } from "vitest";
import { clampPage, containsPattern, listQueryFrom, pageFrom } from "./list-query";

const url = (query: string) => new URL(`http://frontier.test/admin/invoices${query}`);

describe("list addresses", () => {
  it("reads ?page= as a whole page number, and anything odd as page 1", () => {
    expect(pageFrom(url("?page=3"))).toBe(3);
    expect(pageFrom(url("?page=250000"))).toBe(100_000);
    for (const odd of [
      "",
      "?page=",
      "?page=0",
      "?page=-5",
      "?page=abc",
      "?page=Infinity",
      "?page=%00",
    ])
      expect(pageFrom(url(odd)), odd).toBe(1);
    // parseInt reads the leading digits: "1e309" is page 1, not Infinity.
    expect(pageFrom(url("?page=1e309"))).toBe(1);
  });

  it("clamps a page number to the pages that exist, with at least one page", () => {
    expect(clampPage(2, 60, 25)).toEqual({ page: 2, pageCount: 3 });
    expect(clampPage(9, 60, 25)).toEqual({ page: 3, pageCount: 3 });
    expect(clampPage(4, 0, 25)).toEqual({ page: 1, pageCount: 1 });
    for (const odd of [undefined, 0, -2, 1.5, Number.NaN])
      expect(clampPage(odd, 60, 25), String(odd)).toEqual({ page: 1, pageCount: 3 });
  });

  it("keeps only known sorts, directions and page sizes", () => {
    const query = listQueryFrom(url("?sort=x&dir=up&pageSize=-5&page=2&q=%20acme%20"), {
      sorts: ["number", "total"],
      defaultSort: "number",
    });
    expect(query).toEqual({ q: "acme", page: 2, pageSize: 25, sort: "number", dir: "desc" });
  });

  it("takes % and _ in a search literally", () => {
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
