import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("site search", () => {
  it('opens with "/", shows results as you type, and Enter on a chosen result goes there', async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await gotoHydrated(page, server.url);
    await page.keyboard.press("/");
    const dialog = page.getByRole("dialog", { name: "Search the site" });
    await dialog.waitFor();
    const input = dialog.getByRole("combobox");
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.pressSequentially("boring architectu");
    const options = dialog.getByRole("option");
    await options.first().waitFor();
    const first = options.first();
    await expect(first.locator("mark").first().textContent()).resolves.toMatch(/boring/i);
    await page.keyboard.press("ArrowDown");
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const title = (await first.locator("span").nth(1).textContent()) ?? "";
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/(insights|podcasts|case-studies|services)/);
    await dialog.waitFor({ state: "detached" });
    // The chosen page: an insight's title is its h1, an episode's a heading on /podcasts.
    await page.getByRole("heading", { name: title }).first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("opens from the header button, closes on Escape and gives focus back", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await gotoHydrated(page, `${server.url}/insights`);
    const button = page.getByRole("banner").getByRole("link", { name: "Search" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Search the site" });
    await dialog.waitFor();
    await dialog.getByRole("combobox").fill("zzqx nothing like this");
    await dialog.getByText("Nothing matches").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(page.url()).toBe(`${server.url}/insights`);
    await page.keyboard.press("Control+K");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // "/" typed in a field is a character, not a shortcut.
    const email = page.locator("footer").getByRole("textbox").first();
    await email.fill("");
    await email.press("/");
    await expect(email.inputValue()).resolves.toBe("/");
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("works without JavaScript: a GET form, results on the page, and the header link", async () => {
    const { page, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    await page.goto(server.url);
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await page.waitForURL(`${server.url}/search`);
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toContain(
      "noindex",
    );
    const box = page.getByRole("searchbox");
    await box.fill("design systems");
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=design\+systems/);
    await expect(page.locator("h1").textContent()).resolves.toBe("Results for “design systems”");
    const results = page.getByRole("main").getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(0);
    await expect(results.first().locator("mark").first().textContent()).resolves.toMatch(/design/i);
    await results.first().getByRole("link").click();
    await page.waitForURL((url) => url.pathname !== "/search");
    await close();
  });

  it("forgives a typo, and offers “Did you mean” when a query is too far from any word", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await gotoHydrated(page, `${server.url}/search?q=prxmpt`);
    const results = page.getByRole("main").getByRole("listitem");
    await results.first().waitFor();
    await expect(results.first().locator("mark").first().textContent()).resolves.toMatch(/prompt/i);
    // Two typos in a six-letter word: too many to forgive, near enough to suggest.
    const box = page.getByRole("searchbox");
    await box.fill("dezihn");
    await box.press("Enter");
    await page.getByRole("heading", { name: "Nothing found" }).waitFor();
    const suggestion = page.getByRole("main").getByRole("link", { name: "design" });
    await suggestion.click();
    await page.getByRole("heading", { name: "Results for “design”" }).waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe("design");
    expect(await results.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });
});
