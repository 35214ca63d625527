import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

// Decision 737: the parts of a public page that are the same for every visitor are left as
// the server wrote them when the page hydrates, and still take a visitor where their links
// lead, in the app; a client-side navigation renders them as React normally does.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether React has taken an element over (hydrated or rendered it). */
const isReacts = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")));

/** Marks the window: still marked after a navigation means it happened in the app. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as { frontierMark?: boolean }).frontierMark = true;
  });
const isSameWindow = (page: Page) =>
  page.evaluate(() => (window as { frontierMark?: boolean }).frontierMark === true);

describe("static parts of public pages", () => {
  it("keep the server's markup on Home, follow their links in the app, and render again after a navigation", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1440, height: 900 },
    });
    await gotoHydrated(page, server.url);
    const main = page.locator("main#main");
    const heroLink = main.getByRole("link", { name: "See case studies" });
    const searchLauncher = page.locator('header a[href="/search"][aria-haspopup="dialog"]');
    // The page is React's (its search launcher hydrated) but Home's content was left as it is.
    expect(await isReacts(searchLauncher)).toBe(true);
    expect(await isReacts(heroLink)).toBe(false);
    expect(await isReacts(page.locator("footer nav a").first())).toBe(false);
    const serverText = await main.innerText();
    const menuLinks = await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link")
      .count();
    expect(menuLinks).toBeGreaterThan(3);
    expect(serverText).toContain("Three directives behind every line of code");

    await markWindow(page);
    await heroLink.click();
    await page.waitForURL(`${server.url}/case-studies`);
    await page.getByRole("heading", { level: 1, name: /Work that shipped/ }).waitFor();
    expect(await isSameWindow(page)).toBe(true);
    // The header's menu, kept as the server wrote it, follows the page it is on.
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.locator('a[aria-current="page"]', { hasText: "Case Studies" }).waitFor();
    expect(await menu.locator('a[aria-current="page"]').allTextContents()).toEqual([
      "Case Studies",
    ]);

    // Back on Home, React renders the content itself: the same text, now React's.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await page.locator("#hero-heading").waitFor();
    expect(await isSameWindow(page)).toBe(true);
    expect(await isReacts(main.getByRole("link", { name: "See case studies" }))).toBe(true);
    expect(await main.innerText()).toBe(serverText);
    // The menu that followed the pages is whole again, with Home as the current page.
    expect(await menu.getByRole("link").count()).toBe(menuLinks);
    expect(await menu.locator('a[aria-current="page"]').allTextContents()).toEqual(["Home"]);

    // A footer link, left as the server wrote it, follows in the app too.
    await page.locator("footer").getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL(`${server.url}/privacy`);
    expect(await isSameWindow(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("leave a modified click on a kept link to the browser", async () => {
    const { page, context, errors, close } = await openPage(browser, {
      viewport: { width: 1440, height: 900 },
    });
    await gotoHydrated(page, server.url);
    const link = page.locator("main#main").getByRole("link", { name: "Start a project" });
    expect(await isReacts(link)).toBe(false);
    const opened = context.waitForEvent("page");
    await link.click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForLoadState("domcontentloaded");
    expect(new URL(tab.url()).pathname).toBe("/contact");
    expect(page.url()).toBe(`${server.url}/`);
    expect(errors).toEqual([]);
    await close();
  });

  it("keep an insight's article, comments and related articles, and still take comments", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    const list = await (await fetch(`${server.url}/insights`)).text();
    const insightPath = list.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1];
    expect(insightPath).toBeTruthy();
    await gotoHydrated(page, `${server.url}${insightPath}`);
    const title = page.getByRole("heading", { level: 1 });
    await title.waitFor();
    expect(await isReacts(title)).toBe(false);
    expect(await isReacts(page.locator("#comments-heading"))).toBe(false);
    // The comment form beside them is React's: it validates before it sends.
    const form = page.locator("form", { has: page.getByRole("button", { name: /comment/i }) });
    expect(await isReacts(form)).toBe(true);

    await markWindow(page);
    const firstTitle = await title.innerText();
    const related = page.locator("#related-heading + ul a").first();
    const relatedPath = new URL((await related.getAttribute("href")) ?? "", server.url).pathname;
    await related.click();
    await page.waitForURL(`${server.url}${relatedPath}`);
    const newTitle = page.getByRole("heading", { level: 1 });
    await expect.poll(() => newTitle.innerText()).not.toBe(firstTitle);
    expect(await isSameWindow(page)).toBe(true);
    // Mounted by the navigation, the new article is React's own.
    expect(await isReacts(newTitle)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
