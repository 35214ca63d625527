import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { sitePages, unlinkablePublicPaths } from "#shared/site-pages.ts";

// The navigation editor checks internal links against shared/site-pages.ts: it must
// name exactly the public pages of the route table (app/routes.ts).

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

function publicRoutes(list: RouteEntry[], base = ""): string[] {
  return list.flatMap((entry) => {
    const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base || "/";
    const own = entry.file.startsWith("routes/site/") && entry.file !== "routes/site/layout.tsx";
    return [...(own ? [full] : []), ...(entry.children ? publicRoutes(entry.children, full) : [])];
  });
}

const layout = (routes as RouteEntry[]).find((entry) => entry.file === "routes/site/layout.tsx");
const paths = publicRoutes(layout?.children ?? []);

describe("the pages a menu can link to", () => {
  it("are pages of the route table", () => {
    const pattern = (path: string) =>
      new RegExp(`^${path.replace(/:\w+/g, "[^/]+").replace(/\*$/, ".*")}$`);
    const routePatterns = paths.filter((path) => path !== "/*").map(pattern);
    for (const page of sitePages)
      expect(
        routePatterns.some((route) => route.test(page.path)),
        page.path,
      ).toBe(true);
  });

  it("include every public page without a parameter", () => {
    const fixed = paths.filter((path) => !path.includes(":") && !path.includes("*"));
    expect(fixed.length).toBeGreaterThan(8);
    expect(fixed.filter((path) => !unlinkablePublicPaths.includes(path)).sort()).toEqual(
      sitePages
        .map((page) => page.path)
        .filter((path) => !path.startsWith("/services/"))
        .sort(),
    );
  });
});
