import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "./logo";

/** The drawing's elements with their attributes, gradient ids and references made equal. */
function drawing(svg: string) {
  return [...svg.matchAll(/<(linearGradient|stop|path|text)\b([^>]*)>([^<]*)/g)].map(
    ([, tag, attributes, text]) => {
      const pairs = [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)]
        .filter(([, name]) => name !== "id")
        .map(([, name, value]) => `${name}=${value.replace(/url\(#[^)]*\)/, "url(#gradient)")}`)
        .sort();
      return `${tag} ${pairs.join(" ")} ${text.trim()}`;
    },
  );
}

describe("the built-in logo", () => {
  it("is drawn in the page as public/logo.svg draws it (the file stays for the JSON-LD logo)", () => {
    const file = readFileSync(new URL("../../../public/logo.svg", import.meta.url), "utf8");
    const page = renderToStaticMarkup(<Logo width={120} />);
    expect(page).not.toContain("<img");
    expect(drawing(page)).toEqual(drawing(file));
    expect(drawing(page)).toHaveLength(8);
  });

  it("gives each copy a gradient of its own", () => {
    const page = renderToStaticMarkup(
      <>
        <Logo width={120} />
        <Logo width={90} />
      </>,
    );
    const ids = [...page.matchAll(/<linearGradient id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(page).toContain(`url(#${id})`);
  });

  it("stays an image for a configured logo", () => {
    const page = renderToStaticMarkup(<Logo src="/uploads/logos/brand.png" width={150} />);
    expect(page).toContain('<img src="/uploads/logos/brand.png" width="150" height="30"');
    expect(page).not.toContain("<svg");
  });
});
