import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SiteLink } from "#shared/site-navigation.ts";
import { CurrentPathProvider } from "./internal-link";
import { currentMenuEntries, HeaderMenu } from "./menu-link";

// The header menu's static part is kept by which entries are current (decision 737): that key
// must change exactly when the menu's markup does.

const links: SiteLink[] = [
  { label: "Home", href: "/" },
  { label: "Insights", href: "/insights" },
  { label: "FAQ", href: "/faq#pricing" },
  { label: "Blog", href: "https://blog.example.com/" },
  { label: "Services", href: "/services/" },
];

/** The entries the drawn menu marks current, as "01000". */
function markedEntries(path: string) {
  const html = renderToStaticMarkup(
    <CurrentPathProvider path={path}>
      <HeaderMenu links={links} />
    </CurrentPathProvider>,
  );
  return [...html.matchAll(/<a [^>]*>/g)]
    .map((match) => (match[0].includes('aria-current="page"') ? 1 : 0))
    .join("");
}

describe("the header menu's key", () => {
  it("names the entries the menu marks current, at any address", () => {
    for (const path of ["/", "/insights", "/insights/a-post", "/faq", "/services/web", "/about-us"])
      expect(currentMenuEntries(links, path), path).toBe(markedEntries(path));
    expect(currentMenuEntries(links, "/insights/a-post")).toBe("01000");
    expect(currentMenuEntries(links, "/about-us")).toBe("00000");
  });
});
