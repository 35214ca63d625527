import { describe, expect, it } from "vitest";
import { renderAt } from "#tests/helpers/render-at.tsx";
import { Pagination } from "./pagination";

/** The staff pagination at `address`: its links, the current page and its caption. */
async function pagination(address: string, page: number, total: number) {
  const html = await renderAt(address, () => (
    <Pagination page={page} pageSize={25} total={total} />
  ));
  const text = (inner: string) => inner.replace(/<[^>]+>/g, "");
  return {
    links: [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(
      ([, href, inner]) => `${text(inner)} ${href.replaceAll("&amp;", "&")}`,
    ),
    current: [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>(.*?)<\/a>/g)].map(([, inner]) =>
      text(inner),
    ),
    caption: text(html.match(/<span class="ml-2[^"]*">(.*?)<\/span>/)?.[1] ?? ""),
  };
}

describe("the staff pagination", () => {
  it("marks the current page and keeps the rest of the query in every link", async () => {
    const middle = await pagination("/admin/time/entries?client=7&page=2", 2, 70);
    expect(middle.links).toEqual([
      "Previous /admin/time/entries?client=7",
      "1 /admin/time/entries?client=7",
      "2 /admin/time/entries?client=7&page=2",
      "3 /admin/time/entries?client=7&page=3",
      "Next /admin/time/entries?client=7&page=3",
    ]);
    expect(middle.current).toEqual(["2"]);
    expect(middle.caption).toBe("Page 2 of 3");
  });

  it("says a page past the end is not there, and leads back to the last page", async () => {
    const past = await pagination("/admin/time/entries?page=9", 9, 70);
    expect(past.links).toEqual([
      "Previous /admin/time/entries?page=3",
      "1 /admin/time/entries",
      "2 /admin/time/entries?page=2",
      "3 /admin/time/entries?page=3",
    ]);
    expect(past.current).toEqual([]);
    expect(past.caption).toBe("No page 9: the list has 3 pages");
  });

  it("shows nothing for a list of one page, but leads back to it from a page past it", async () => {
    expect((await pagination("/admin/time/entries", 1, 25)).links).toEqual([]);
    const past = await pagination("/admin/time/entries?page=40", 40, 25);
    expect(past.links).toEqual(["Previous /admin/time/entries", "1 /admin/time/entries"]);
    expect(past.caption).toBe("No page 40: the list has 1 page");
  });
});
