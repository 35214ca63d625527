import { describe, expect, it } from "vitest";
import { renderAt } from "#tests/helpers/render-at.tsx";
import { PageLinks } from "./page-links";

/** Each link's address and text, and the current page, as a reader meets them. */
async function pageLinks(page: number, pageCount: number) {
  const html = await renderAt("/search", () => (
    <PageLinks
      page={page}
      pageCount={pageCount}
      basePath="/search"
      params={{ q: "design systems", tag: undefined }}
      label="Result pages"
    />
  ));
  const text = (inner: string) => inner.replace(/<[^>]+>/g, "");
  return {
    links: [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(
      ([, href, inner]) => `${text(inner)} ${href.replaceAll("&amp;", "&")}`,
    ),
    current: [
      ...html.matchAll(
        /<span aria-current="page"[^>]*>(?:<span[^>]*>([^<]*)<\/span>)?([^<]*)<\/span>/g,
      ),
    ].map(([, hidden, shown]) => `${hidden ?? ""}${shown}`),
    gaps: html.split("…").length - 1,
  };
}

describe("the site's page links", () => {
  it("show a handful of pages however many there are, keeping the query", async () => {
    const middle = await pageLinks(50, 100);
    expect(middle.links).toEqual([
      "Previous /search?q=design+systems&page=49",
      "Page 1 /search?q=design+systems",
      "Page 49 /search?q=design+systems&page=49",
      "Page 51 /search?q=design+systems&page=51",
      "Page 100 /search?q=design+systems&page=100",
      "Next /search?q=design+systems&page=51",
    ]);
    expect(middle.current).toEqual(["Page 50"]);
    expect(middle.gaps).toBe(2);

    const first = await pageLinks(1, 100);
    expect(first.links).toEqual([
      "Page 2 /search?q=design+systems&page=2",
      "Page 100 /search?q=design+systems&page=100",
      "Next /search?q=design+systems&page=2",
    ]);
    expect(first.gaps).toBe(1);
  });

  it("show every page of a short list, and nothing for one page", async () => {
    const short = await pageLinks(2, 3);
    expect(short.links.map((link) => link.split(" /")[0])).toEqual([
      "Previous",
      "Page 1",
      "Page 3",
      "Next",
    ]);
    expect(short.gaps).toBe(0);
    expect((await pageLinks(1, 1)).links).toEqual([]);
  });

  it("lead back to the last page from a page past the end", async () => {
    const past = await pageLinks(999, 2);
    expect(past.links).toEqual([
      "Previous /search?q=design+systems&page=2",
      "Page 1 /search?q=design+systems",
      "Page 2 /search?q=design+systems&page=2",
    ]);
    expect(past.current).toEqual([]);
    const pastTheOnlyPage = await pageLinks(7, 1);
    expect(pastTheOnlyPage.links).toEqual([
      "Previous /search?q=design+systems",
      "Page 1 /search?q=design+systems",
    ]);
  });
});
