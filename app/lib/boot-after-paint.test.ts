import { describe, expect, it } from "vitest";
import { bootAfterPaint, bootModuleHints } from "./boot-after-paint";

const page = `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/logo.svg"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/site-B.js"/><link rel="modulepreload" href="/assets/react-dom-E.js"/><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Hello</main><script type="application/ld+json">{"a":1}</script><script nonce="n1">window.__reactRouterContext = {};</script><script type="module" async="" nonce="n1">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("the boot script after the first paint", () => {
  const html = bootAfterPaint(page);
  const boot = html.match(/<script type="module" async="" nonce="n1">([\s\S]*?)<\/script>/)?.[1];

  it("takes the module preload hints out of the head and leaves the rest of the page", () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(html).toContain("<main>Hello</main>");
  });

  it("imports nothing statically: the scripts are asked for once a frame is painted", () => {
    expect(boot).toBeDefined();
    expect(boot).not.toMatch(/^\s*import \* as/m);
    const waits = boot!.indexOf("requestAnimationFrame");
    const hints = boot!.indexOf(
      '["/assets/entry.client-A.js","/assets/site-B.js","/assets/react-dom-E.js"]',
    );
    const chunks = boot!.indexOf('["/assets/site-B.js","/assets/react-dom-E.js"]');
    const imports = boot!.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);',
    );
    const modules = boot!.indexOf("window.__reactRouterRouteModules");
    const entry = boot!.indexOf('import("/assets/entry.client-A.js");');
    expect(waits).toBeGreaterThanOrEqual(0);
    expect([waits, hints, chunks, imports, modules, entry]).toEqual(
      [waits, hints, chunks, imports, modules, entry].sort((a, b) => a - b),
    );
    expect(Math.min(hints, chunks, imports, modules, entry)).toBeGreaterThan(waits);
  });

  it("adds the hints back one at a time, each in a task of its own", () => {
    // Each appended hint starts a fetch at once (2.5-18 ms of main-thread work on the AMD
    // EPYC machine): twenty in one go made one long task under Lighthouse's four-fold CPU
    // slowdown, and two in a task still made tasks of 12-21 ms there.
    const loop = boot!.match(/for \(const href of \[[^\]]*\]\) \{([^\n]*)\}/)?.[1];
    expect(loop).toContain('link.rel = "modulepreload"');
    const statements = loop!.split(";").map((statement) => statement.trim());
    expect(statements.filter((statement) => statement.includes("append("))).toHaveLength(1);
    expect(statements.at(-2)).toBe("await new Promise((go) => setTimeout(go, 0))");
  });

  it("evaluates each hinted chunk but the entry in a task of its own, before the entry", () => {
    // React DOM compiled in the entry's task with the start of hydration made the longest task
    // of a page's load; each chunk on its own, that task is a third shorter.
    const loop = boot!.match(
      /for \(const href of (\[[^\]]*\])\) \{ await import\(href\);([^\n]*)\}/,
    );
    expect(JSON.parse(loop![1])).toEqual(["/assets/site-B.js", "/assets/react-dom-E.js"]);
    expect(loop![2].trim()).toBe("await new Promise((go) => setTimeout(go, 0));");
    expect(boot!.match(/import\("\/assets\/entry\.client-A\.js"\)/g)).toHaveLength(1);
  });

  it("imports no chunk ahead of the routes when it cannot tell which one is the entry", () => {
    const unknownEntry = bootAfterPaint(
      page.replace('import("/assets/entry.client-A.js");', 'start("/assets/entry.client-A.js");'),
    );
    expect(unknownEntry).not.toContain("await import(href)");
    expect(unknownEntry).toContain('start("/assets/entry.client-A.js");');
  });

  it("leaves a page without React Router's boot script as it is", () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head></html>';
    expect(bootAfterPaint(plain)).toBe(plain);
    expect(bootModuleHints(plain)).toEqual([]);
  });

  it("reads back the hints it adds, in order", () => {
    expect(bootModuleHints(html)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/site-B.js",
      "/assets/react-dom-E.js",
    ]);
  });
});
