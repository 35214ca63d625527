import { Link, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { renderAt } from "#tests/helpers/render-at.tsx";
import { InternalLink, InternalLinks, InternalNavLink, leadsTo } from "./internal-link";

// Decision 736: the site's links write what React Router's Link and NavLink write for a
// path from the root, so a page hydrates the same and React Router discovers their routes.

const targets = ["/", "/insights", "/insights/", "/insights?tag=ai&page=2", "/faq#pricing"];
const locations = ["/", "/insights", "/insights/a-post", "/Insights", "/insightsx", "/faq"];

describe("the site's links", () => {
  it("write what React Router's Link writes", async () => {
    for (const to of targets) {
      const props = { className: "text-mist-300", "aria-label": `to ${to}`, rel: "next" };
      const theirs = await renderAt("/faq", () => (
        <Link to={to} prefetch="intent" {...props}>
          Go
        </Link>
      ));
      const ours = await renderAt("/faq", () => (
        <InternalLinks>
          <InternalLink to={to} prefetch="intent" {...props}>
            Go
          </InternalLink>
        </InternalLinks>
      ));
      // The additions: the marks the click and prefetching listeners look for.
      expect(ours.replace(' data-in-app="" data-prefetch="intent"', ""), to).toBe(theirs);
      expect(ours).toContain('data-discover="true" data-in-app="" data-prefetch="intent"');
    }
  });

  it("mark the current page as NavLink does, with and without `end`", async () => {
    const className = (isActive: boolean) => (isActive ? "current" : "other");
    for (const here of locations)
      for (const to of targets)
        for (const end of [false, true]) {
          const theirs = await renderAt(here, () => (
            <NavLink to={to} end={end} className={({ isActive }) => className(isActive)}>
              Go
            </NavLink>
          ));
          const ours = await renderAt(here, () => (
            <InternalLinks>
              <InternalNavLink to={to} end={end} className={className}>
                Go
              </InternalNavLink>
            </InternalLinks>
          ));
          expect(ours.replace(' data-in-app=""', ""), `${to} at ${here}, end ${end}`).toBe(theirs);
        }
  });

  it("follow NavLink's rule for what counts as the current page", () => {
    expect(leadsTo("/insights", "/insights/a-post", false)).toBe(true);
    expect(leadsTo("/insights", "/insights/a-post", true)).toBe(false);
    expect(leadsTo("/insights", "/insightsx", false)).toBe(false);
    expect(leadsTo("/", "/faq", false)).toBe(false);
    expect(leadsTo("/", "/", true)).toBe(true);
    expect(leadsTo("/insights?tag=ai", "/INSIGHTS", true)).toBe(true);
  });
});
