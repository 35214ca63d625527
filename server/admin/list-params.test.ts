import { describe, expect, it } from "vitest";
import { parseListParams } from "./list-params";

const options = {
  sortable: ["name", "createdAt"] as const,
  defaultSort: "createdAt" as const,
  defaultDirection: "desc" as const,
};

describe("admin list params", () => {
  it("reads page, sort, direction and search from the URL", () => {
    const params = parseListParams(
      new URL("http://x/admin/clients?page=3&sort=name&dir=asc&q=%20acme%20"),
      options,
    );
    expect(params).toEqual({
      page: 3,
      pageSize: 20,
      offset: 40,
      sort: "name",
      direction: "asc",
      q: "acme",
    });
  });
  it("falls back to defaults for anything out of range", () => {
    const params = parseListParams(
      new URL("http://x/?page=-2&sort=password&dir=sideways&pageSize=5000"),
      options,
    );
    expect(params).toMatchObject({
      page: 1,
      pageSize: 20,
      sort: "createdAt",
      direction: "desc",
      q: "",
    });
  });
});
