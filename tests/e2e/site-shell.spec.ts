import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootModuleHints } from "#app/lib/boot-after-paint.ts";
import { demoNavigation } from "#shared/site-navigation.ts";
import {
  gotoHydrated,
  launchBrowser,
  openChat,
  openPage,
  waitForHydration,
} from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the public shell", () => {
  it("navigates through the main entries of the demo menus on a desktop screen", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1440, height: 900 },
    });
    await gotoHydrated(page, server.url);
    const nav = page.getByRole("navigation", { name: "Main" });
    const labels = await nav.getByRole("link").allTextContents();
    expect(labels).toEqual(demoNavigation.header.map((item) => item.label));
    await nav.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${server.url}/faq`);
    await expect(page.locator("h1").first().textContent()).resolves.toBeTruthy();
    await nav.getByRole("link", { name: "Home" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(errors).toEqual([]);
    await close();
  });

  it("opens a full-screen menu on small screens that traps focus, closes on Escape and returns focus", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await gotoHydrated(page, server.url);
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    await expect(menu.getByRole("link").count()).resolves.toBe(demoNavigation.header.length);

    // Tab many times: focus never leaves the menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the back-to-top button only after more than 300 px of scroll", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 700 } });
    await gotoHydrated(page, server.url);
    await page.evaluate(() => {
      document.body.style.minHeight = "4000px";
    });
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(150);
    await expect(button.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 301));
    await button.waitFor();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: "detached" });
    await close();
  });

  it("keeps a reloaded page where it was, before and after it hydrates", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 700 },
    });
    // Where the page stands once its HTML is parsed (its own scripts wait for a paint).
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        Object.assign(window, { parsed: { y: window.scrollY } });
      });
    });
    const parsed = () => page.evaluate(() => (window as { parsed?: unknown }).parsed);
    await gotoHydrated(page, server.url);
    await expect(parsed()).resolves.toEqual({ y: 0 });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY === 1200);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => "parsed" in window);
    await expect(parsed()).resolves.toEqual({ y: 1200 });
    await waitForHydration(page);
    // Hydrating does not move it: checked once the page's effects and the decorations it
    // loads after hydrating (network idle) have run.
    await page.waitForLoadState("networkidle");
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(1200);
    expect(errors).toEqual([]);
    await close();
  });

  it("opens a new page at its top and brings the visitor back to where they were with Back", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 700 },
    });
    await gotoHydrated(page, server.url);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // The header stays at the top of the window, so its menu is there to click.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${server.url}/faq`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    // Polled with the page's height beside the position, so a miss says how tall the page
    // was when Back left the window short of where it was.
    const where = () =>
      page.evaluate(() => ({ scrollY: window.scrollY, height: document.body.scrollHeight }));
    await expect.poll(where, { timeout: budget(30_000) }).toMatchObject({ scrollY: 1500 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${server.url}/faq`);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps the page a visitor is on until the next page's blocks can be drawn, then shows that page whole", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 700 },
    });
    await gotoHydrated(page, server.url);
    // The blocks' code arrives only when the test lets it: a slow connection, held open.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked = new Promise<void>((resolve) => {
      void page.route(/\/assets\/page-blocks-[\w-]+\.js$/, async (route) => {
        resolve();
        await released;
        await route.continue();
      });
    });
    // Notes every moment the next page is in the document without its blocks.
    await page.evaluate(() => {
      const seen = { emptyPage: false };
      Object.assign(window, { __blocksSeen: seen });
      new MutationObserver(() => {
        const main = document.querySelector("main#main");
        if (location.pathname === "/faq" && main && main.childElementCount === 0)
          seen.emptyPage = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const data = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/faq.data",
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await Promise.all([asked, data]);
    // Two frames after the page's data arrived, React has had its turn to draw the next page.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const emptyPageSeen = () =>
      page.evaluate(
        () =>
          (window as unknown as { __blocksSeen: { emptyPage: boolean } }).__blocksSeen.emptyPage,
      );
    expect(await emptyPageSeen()).toBe(false);
    // The address is already the next page's; the page drawn is still the one the visitor was
    // on, whole, with the spinner saying the next one is on its way.
    await page.getByTestId("route-spinner").waitFor();
    expect(await page.locator("main#main > *").count()).toBeGreaterThan(0);
    release();
    // The address changed before React drew the page: the spinner going is the FAQ drawn.
    await page.getByTestId("route-spinner").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/faq");
    expect(await page.locator("main#main > *").count()).toBeGreaterThan(0);
    expect(await emptyPageSeen()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it("opens a link to an episode with the episode at the top of the window", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 700 },
    });
    await gotoHydrated(page, `${server.url}/search?q=boring`);
    const result = page.locator('a[href^="/podcasts#"]').first();
    const href = await result.getAttribute("href");
    const slug = href!.split("#")[1];
    await result.click();
    await page.waitForURL(`${server.url}${href}`);
    // Followed in the app, and the episode's card sits below the sticky header (its scroll
    // margin), not wherever an animated scroll was when the page moved under it.
    const offset = () =>
      page.evaluate((id) => {
        const card = document.getElementById(id)!;
        const margin = Number.parseFloat(getComputedStyle(card).scrollMarginTop);
        return Math.abs(Math.round(card.getBoundingClientRect().top - margin));
      }, slug);
    await page.waitForLoadState("networkidle");
    await expect.poll(offset, { timeout: budget(10_000) }).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("glides back to the top with its button, or jumps there for a visitor who asks for less motion", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: 1280, height: 700 },
        reducedMotion,
      });
      await gotoHydrated(page, server.url);
      await page.evaluate(() => {
        document.body.style.minHeight = "4000px";
        window.scrollTo(0, 2000);
      });
      await page.waitForFunction(() => window.scrollY === 2000);
      const button = page.getByRole("button", { name: "Back to top" });
      await button.waitFor();
      // Every position the window passes through on its way up.
      await page.evaluate(() => {
        const seen: number[] = [];
        Object.assign(window, { seen });
        window.addEventListener("scroll", () => seen.push(window.scrollY));
      });
      await button.click();
      await page.waitForFunction(() => window.scrollY === 0);
      const seen = await page.evaluate(() => (window as { seen?: number[] }).seen ?? []);
      const onTheWay = seen.filter((y) => y > 0 && y < 2000);
      if (reducedMotion === "reduce") expect(onTheWay).toEqual([]);
      else expect(onTheWay.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it("shows an error toast in red that is removed after 5 s, or at once with its dismiss button", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, server.url);
    // Time the toast in the browser: a busy test machine can take seconds between
    // the toast appearing and this process noticing, but not in the page's own clock.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      Object.assign(window, { toastTimes: times });
      new MutationObserver(() => {
        const present = document.querySelector('[data-toast="error"]') !== null;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined && times.gone === undefined) {
          times.gone = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const footer = page.locator("footer");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    const toast = page
      .locator("[data-toast]")
      .filter({ hasText: "Please enter a valid email address." });
    await toast.waitFor();
    expect(await toast.getAttribute("data-toast")).toBe("error");
    const colour = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(colour).toMatch(/rgb\(185, 28, 28\)|oklch|lab/);
    const status = page.getByRole("status");
    await expect(status.textContent()).resolves.toContain("Please enter a valid email address.");

    await toast.waitFor({ state: "detached", timeout: budget(8000) });
    const lifetime = await page.evaluate(() => {
      const { toastTimes } = window as unknown as { toastTimes: { shown: number; gone: number } };
      return toastTimes.gone - toastTimes.shown;
    });
    expect(lifetime).toBeGreaterThan(4500);
    expect(lifetime).toBeLessThan(7000);

    await footer.getByRole("button", { name: "Subscribe" }).click();
    await toast.waitFor();
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await toast.waitFor({ state: "detached", timeout: budget(2500) });
    await close();
  });

  it("draws the particle background behind everything, hidden from assistive technology", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, server.url);
    const canvas = page.getByTestId("particle-background");
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>("[data-testid=particle-background]")?.dataset
          .running === "true",
    );
    expect(await canvas.getAttribute("aria-hidden")).toBe("true");
    expect(await canvas.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe(
      "none",
    );
    // 1280 x 800 / 32000 = 32 particles.
    expect(await canvas.getAttribute("data-particles")).toBe("32");
    expect(await canvas.getAttribute("data-motion")).toBe("full");
    // Clicks go through to the page.
    const link = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" });
    await link.click();
    await page.waitForURL(`${server.url}/pricing`);
    await close();
  });

  it("draws the particle background in a worker, so none of its frames run on the page", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await gotoHydrated(page, server.url);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>("[data-testid=particle-background]")?.dataset.drawn ===
        "true",
    );
    const canvas = page.getByTestId("particle-background");
    expect(await canvas.getAttribute("data-renderer")).toBe("worker");
    expect(workers.some((url) => /particles\.worker-[\w-]+\.js$/.test(url))).toBe(true);
    // The canvas was handed to the worker: the page can no longer draw on it itself.
    expect(
      await canvas.evaluate((element) => {
        try {
          (element as HTMLCanvasElement).getContext("2d");
          return "page can draw";
        } catch {
          return "handed over";
        }
      }),
    ).toBe("handed over");
    // 412 x 823 / 32000 = 11 particles.
    expect(await canvas.getAttribute("data-particles")).toBe("11");
    await close();
  });

  it("slows the background under prefers-reduced-motion and pauses it while the tab is hidden", async () => {
    const { page, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
    });
    await gotoHydrated(page, server.url);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>("[data-testid=particle-background]")?.dataset.motion ===
        "reduced",
    );
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await page.getByTestId("particle-background").getAttribute("data-running")).toBe(
      "false",
    );
    await close();
  });

  it("shows the cursor dot on a mouse screen, growing over links, and none on a touch screen", async () => {
    const desktop = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await gotoHydrated(desktop.page, server.url);
    const dot = desktop.page.getByTestId("cursor-dot");
    await dot.waitFor({ state: "attached" });
    await desktop.page.mouse.move(700, 600);
    const link = desktop.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "FAQ" });
    await link.hover();
    await desktop.page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>("[data-testid=cursor-dot]")?.dataset.hover === "true",
    );
    await desktop.close();

    const touch = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await gotoHydrated(touch.page, server.url);
    await touch.page.waitForTimeout(300);
    await expect(touch.page.getByTestId("cursor-dot").count()).resolves.toBe(0);
    await touch.close();
  });

  it("loads the chat panel's and the search dialog's code only when they are used", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, server.url);
    await page.getByRole("button", { name: "Chat with us" }).waitFor();
    await page.getByTestId("particle-background").waitFor({ state: "attached" });
    const loaded = (name: string) => scripts.some((path) => path.includes(`/${name}-`));
    expect(loaded("chat-panel")).toBe(false);
    expect(loaded("search-dialog")).toBe(false);
    await openChat(page);
    expect(loaded("chat-panel")).toBe(true);
    expect(loaded("search-dialog")).toBe(false);
    await close();
  });

  it("fetches the page's scripts in six requests and its decorations in one more", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    const scripts: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === "script" && !path.includes("particles.worker"))
        scripts.push(path);
    });
    const response = await page.goto(server.url, { waitUntil: "networkidle" });
    const html = (await response?.text()) ?? "";
    await waitForHydration(page);
    await page.getByRole("button", { name: "Chat with us" }).waitFor();
    await page.getByTestId("particle-background").waitFor({ state: "attached" });
    // The boot script's module hints: the client entry, the shared chunk, React DOM's client
    // (compiled in a task of its own) and the three routes.
    const boot = bootModuleHints(html);
    expect(boot).toHaveLength(6);
    expect(boot.filter((path) => /^\/assets\/react-dom-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(scripts.slice(0, boot.length).sort()).toEqual([...boot].sort());
    const afterBoot = scripts.slice(boot.length);
    expect(afterBoot).toHaveLength(1);
    expect(afterBoot[0]).toMatch(/^\/assets\/after-load-[\w-]+\.js$/);
    await close();
  });

  it("paints nothing until the whole page is parsed, so its first layout is its only one", async () => {
    const html = await (await fetch(server.url)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="expect" href="#content-end" blocking="render"/>');
    // On a slow phone the parser yields: without the hint the browser paints the header alone,
    // then lays the whole page out again in a long task after that first paint (decision 820).
    for (let load = 0; load < 3; load++) {
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: 412, height: 823 },
      });
      const session = await page.context().newCDPSession(page);
      await session.send("Emulation.setCPUThrottlingRate", { rate: 20 });
      await page.addInitScript(() => {
        const parsed = { at: -1, footerBefore: false };
        Object.assign(window, { __contentParsed: parsed });
        // When the element the hint names is parsed; every part of the page a visitor sees
        // (the footer among them) comes before it. The observer runs before the browser can
        // paint, so the time it notes is never later than the paint it allowed.
        new MutationObserver(() => {
          if (parsed.at >= 0 || !document.getElementById("content-end")) return;
          parsed.at = performance.now();
          parsed.footerBefore = Boolean(document.querySelector("footer"));
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(server.url);
      type Parsed = { at: number; footerBefore: boolean };
      const { firstPaint, parsed } = await page.evaluate(
        () =>
          new Promise<{ firstPaint: number; parsed: Parsed }>((resolve) => {
            new PerformanceObserver((list) => {
              const paint = list.getEntriesByName("first-paint")[0];
              if (!paint) return;
              const { __contentParsed } = window as unknown as { __contentParsed: Parsed };
              resolve({ firstPaint: paint.startTime, parsed: __contentParsed });
            }).observe({ type: "paint", buffered: true });
          }),
      );
      expect(parsed.at).toBeGreaterThan(0);
      expect(parsed.footerBefore).toBe(true);
      expect(firstPaint).toBeGreaterThanOrEqual(parsed.at);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it("compiles React DOM's client before the entry without running it: its chunk runs nothing when imported", async () => {
    const boot = bootModuleHints(await (await fetch(server.url)).text());
    const site = boot.find((path) => /^\/assets\/site-[\w-]+\.js$/.test(path));
    const reactDom = boot.find((path) => /^\/assets\/react-dom-[\w-]+\.js$/.test(path));
    expect(site && reactDom).toBeTruthy();
    // The boot imports the shared chunk, then React DOM's client (decision 819). React DOM's
    // client asks a developer tool's hook to check its build when its body runs: that must
    // wait for the entry's task, or compiling and running it are one long task again.
    const { page, close } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    await page.goto(`${server.url}/robots.txt`);
    // A string, so the test runner leaves its dynamic imports to the browser.
    const calls: { afterSite: number; afterReactDom: number; exports: number } =
      await page.evaluate(`(async () => {
        let checks = 0;
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { checkDCE: () => checks++ };
        await import(${JSON.stringify(site)});
        const afterSite = checks;
        const module = await import(${JSON.stringify(reactDom)});
        return { afterSite, afterReactDom: checks, exports: Object.keys(module).length };
      })()`);
    expect(calls.exports).toBeGreaterThan(0);
    expect(calls.afterReactDom).toBe(calls.afterSite);
    await close();
  });

  it("hints an insight's scripts in seven modules: its cards, dates and article in one chunk", async () => {
    const list = await (await fetch(`${server.url}/insights`)).text();
    const insight = list.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1];
    expect(insight).toBeDefined();
    const boot = bootModuleHints(await (await fetch(`${server.url}${insight}`)).text());
    // The entry, the shared chunk, React DOM's client, the root, the layout, the insight's
    // route (with its comment form) and what the articles and lists share.
    expect(boot).toHaveLength(7);
    expect(boot.filter((path) => /^\/assets\/content-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(boot.filter((path) => /comment-form|content-cards|insight-article/.test(path))).toEqual(
      [],
    );
  });

  it("renders the decorations in one React render and opens the settings stream with them, once the page is idle", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 700 },
    });
    // React tells a developer tool about every render it commits: after each one, which of
    // the decorations the page shows.
    await page.addInitScript(() => {
      const seen: string[] = [];
      const shown = () =>
        [
          // The particle background's host (its canvases are added by an effect after).
          document.querySelector('div.contents[aria-hidden="true"]') ? "particles" : "",
          document.querySelector('button[aria-label^="Chat with us"]') ? "chat" : "",
        ]
          .filter(Boolean)
          .join(" ");
      Object.assign(window, {
        commits: seen,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          isDisabled: false,
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onScheduleFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberRoot: () => seen.push(shown()),
        },
      });
    });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await gotoHydrated(page, server.url);
    await page.getByRole("button", { name: "Chat with us" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.liveSettings === "on");
    const commits = await page.evaluate(() => (window as unknown as { commits: string[] }).commits);
    // Hydration shows neither; one render shows both; none shows one without the other.
    expect(commits[0]).toBe("");
    expect(commits).toContain("particles chat");
    expect(commits.filter((shown) => shown !== "" && shown !== "particles chat")).toEqual([]);
    // The settings stream is asked for in the idle moment that fetches the decorations.
    const afterLoad = requests.findIndex((path) => /^\/assets\/after-load-[\w-]+\.js$/.test(path));
    const stream = requests.indexOf("/events/settings");
    expect(afterLoad).toBeGreaterThan(-1);
    expect(stream).toBeGreaterThan(afterLoad);
    expect(errors).toEqual([]);
    await close();
  });

  it("fades each new page in and scrolls to the top", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 700 } });
    await gotoHydrated(page, server.url);
    // The page a visitor arrives on is painted at once, not faded in.
    expect(await page.locator(".page-fade").count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await page.waitForFunction(() => window.scrollY === 0);
    const animation = await page
      .locator(".page-fade")
      .first()
      .evaluate((element) => getComputedStyle(element).animationDuration);
    expect(animation).toBe("0.5s");
    await close();
  });

  it("answers 404 with the Not Found page for unknown paths", async () => {
    for (const path of ["/no-such-page", "/services/no-such-service", "/a/b/c"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).toContain("Digital Frontier Engineering");
    }
    const { page, close } = await openPage(browser);
    const response = await page.goto(`${server.url}/definitely-missing`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await close();
  });

  it("renders the footer with its links, the current year and the tagline", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toMatch(new RegExp(`© (<!-- -->)?${new Date().getFullYear()}`));
    expect(html).toContain("Digital Frontier Engineering");
    for (const href of [
      "/insights.rss",
      "/podcasts.rss",
      "linkedin.com",
      "github.com",
      "twitter.com",
    ]) {
      expect(html).toContain(href);
    }
    for (const label of [
      "Company",
      "Explore",
      "About Us",
      "Services",
      "Pricing",
      "Case Studies",
      "Insights",
      "FAQ",
    ]) {
      expect(html).toContain(label);
    }
  });

  it("reloads the page's data when the settings stream comes back after a drop, not on its first ready", async () => {
    const { page, errors, close } = await openPage(browser);
    // Each stream ends at once, as a dropped connection would; the third answer (204) ends the following.
    let opened = 0;
    await page.route("**/events/settings", async (route) => {
      opened += 1;
      if (opened > 2) return route.fulfill({ status: 204 });
      await route.fulfill({
        status: 200,
        headers: { "Content-Type": "text/event-stream" },
        body: "retry: 50\n\nevent: ready\ndata: listening\n\n",
      });
    });
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    await gotoHydrated(page, `${server.url}/faq`);
    await page.locator('html[data-live-settings="on"]').waitFor({ state: "attached" });
    await expect.poll(() => opened, { timeout: budget(10_000) }).toBe(3);
    await expect.poll(() => dataRequests.length, { timeout: budget(10_000) }).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(dataRequests).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});
