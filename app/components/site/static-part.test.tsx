import { type ReactNode, useId } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CurrentPathProvider, InternalLink, InternalNavLink } from "./internal-link";
import { StaticPart, StaticPartRendering } from "./static-part";
import { renderStaticPart, renderStaticPartAgain } from "./static-parts.server";

// Decision 737: a static part is rendered once for the data it is drawn from and written as
// that markup after; the browser side is covered by tests/e2e/static-parts.spec.ts.

let renders = 0;
function Cards({ titles }: { titles: string[] }) {
  renders += 1;
  return (
    <ul>
      {titles.map((title) => (
        <li key={title}>
          <InternalLink to={`/insights/${title}`} className="card">
            {title} &amp; more
          </InternalLink>
        </li>
      ))}
    </ul>
  );
}

function Labelled({ text }: { text: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{text}</h2>
    </section>
  );
}

function page(content: ReactNode, path = "/") {
  return renderToString(
    <StaticPartRendering value={renderStaticPart}>
      <CurrentPathProvider path={path}>{content}</CurrentPathProvider>
    </StaticPartRendering>,
  );
}

describe("static parts", () => {
  it("write the markup the part's children render, inside the part's own element", () => {
    const titles = ["a", "b"];
    const html = page(
      <StaticPart as="section" data={titles} partKey="cards" className="grid" aria-label="Cards">
        <Cards titles={titles} />
      </StaticPart>,
    );
    expect(html).toBe(
      `<section class="grid" aria-label="Cards">${renderToStaticMarkup(<Cards titles={titles} />)}</section>`,
    );
    expect(html).toContain('href="/insights/a" data-discover="true" data-in-app=""');
  });

  it("render once for the same data and key, again for new data or another key", () => {
    const titles = ["one", "two"];
    renders = 0;
    const part = (data: string[], partKey: string) => (
      <StaticPart data={data} partKey={partKey}>
        <Cards titles={data} />
      </StaticPart>
    );
    const first = page(part(titles, "cards"));
    expect(page(part(titles, "cards"))).toBe(first);
    expect(renders).toBe(1);
    // The remembered data is replaced when content changes: a new object renders again.
    const changed = ["one", "three"];
    expect(page(part(changed, "cards"))).toContain("three");
    expect(renders).toBe(2);
    // Two parts drawn from the same data are kept apart by their keys.
    page(part(titles, "other"));
    expect(renders).toBe(3);
    page(part(titles, "cards"));
    expect(renders).toBe(3);
  });

  it("mark the current page as the page's own links do", () => {
    const links = ["/", "/insights", "/faq"];
    const menu = (path: string) =>
      page(
        <StaticPart as="nav" data={links} partKey={`menu:${path}`}>
          {links.map((to) => (
            <InternalNavLink key={to} to={to} end={to === "/"} className={(on) => (on ? "on" : "")}>
              {to}
            </InternalNavLink>
          ))}
        </StaticPart>,
        path,
      );
    expect(menu("/insights/a-post")).toMatch(/aria-current="page" class="on" href="\/insights"/);
    expect(menu("/faq")).toMatch(/aria-current="page" class="on" href="\/faq"/);
    expect(menu("/faq")).not.toMatch(/aria-current="page" class="on" href="\/insights"/);
  });

  it("give ids that meet neither the page's nor another part's", () => {
    const html = page(
      <>
        <Labelled text="page" />
        <StaticPart data={{}} partKey="first">
          <Labelled text="first" />
        </StaticPart>
        <StaticPart data={{}} partKey="second">
          <Labelled text="second" />
        </StaticPart>
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it("render every time in development, and as they are without a renderer", () => {
    const titles = ["dev"];
    renders = 0;
    const part = (
      <StaticPart data={titles} partKey="cards">
        <Cards titles={titles} />
      </StaticPart>
    );
    const development = (
      <StaticPartRendering value={renderStaticPartAgain}>{part}</StaticPartRendering>
    );
    renderToString(development);
    renderToString(development);
    expect(renders).toBe(2);
    // A server render without the entry's renderer (an e-mail, a test) is ordinary React.
    expect(renderToString(part)).toContain('<a class="card" href="/insights/dev"');
    expect(renders).toBe(3);
  });
});
