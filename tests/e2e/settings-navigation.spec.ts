import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { defaultNavigation } from "#shared/site-navigation.ts";
import {
  loginAs,
  type ServerWithStaff,
  startServerWithStaff,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

let server: ServerWithStaff;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // The site's built-in menus (the demo content would already list /podcasts).
  dataDir = mkdtempSync(path.join(tmpdir(), "frontier-navigation-"));
  const database = await openDatabase({ dataDir });
  await database.db.insert(settings).values({ id: "navigation", value: defaultNavigation });
  await database.close();
  [server, browser] = await Promise.all([startServerWithStaff({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const headerLabels = (page: Page, scope: string) =>
  page.locator(scope).getByRole("link").allTextContents();

describe("navigation from the command center", () => {
  it("adds /podcasts to the header, reorders by keyboard and by drag, and an open page follows the publish", async () => {
    const visitor = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await gotoHydrated(visitor.page, `${server.url}/faq`);
    // The page marks when the server listens for settings changes on its behalf.
    await visitor.page.locator('html[data-live-settings="on"]').waitFor({ state: "attached" });
    const publicMenu = 'nav[aria-label="Main"]';
    expect(await headerLabels(visitor.page, publicMenu)).toEqual(
      defaultNavigation.header.map((link) => link.label),
    );
    await visitor.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const { page } = admin;
    await loginAs(page, server, "admin");
    // Easy to find: the sidebar's Settings section.
    const sidebar = page.getByRole("navigation", { name: "Admin sections" });
    await sidebar.getByRole("link", { name: "Navigation" }).click();
    await page.waitForURL(/\/admin\/settings\/navigation$/);
    await page.getByRole("heading", { name: "Header menu" }).waitFor();

    const headerSection = page.locator("section", {
      has: page.getByRole("heading", { name: "Header menu" }),
    });
    await headerSection.getByRole("button", { name: "Add a link to the header menu" }).click();
    const newRow = headerSection.locator("li").last();
    await newRow.getByLabel("Leads to").selectOption("/podcasts");
    await expect.poll(() => newRow.getByLabel("Link text").inputValue()).toBe("Podcasts");

    // An http:// address is refused with a message before anything is sent.
    await headerSection.getByRole("button", { name: "Add a link to the header menu" }).click();
    const insecureRow = headerSection.locator("li").last();
    await insecureRow.getByLabel("Link text").fill("Old blog");
    await insecureRow.getByLabel("Leads to").selectOption("other");
    await insecureRow.getByLabel("Address").fill("http://blog.example.com");
    await page.getByRole("button", { name: "Save draft" }).click();
    await insecureRow.getByText("Use an https:// address").waitFor();
    await insecureRow
      .getByRole("button", { name: "Remove “Old blog” from the header menu" })
      .click();

    // Keyboard: Podcasts goes up three places, to just after Insights; each move is announced.
    const moveUp = headerSection.getByRole("button", { name: "Move “Podcasts” up" });
    await moveUp.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press("Enter");
    await page
      .locator("[data-announcement]")
      .getByText("“Podcasts” moved to position 6 of 9 in the header menu.")
      .waitFor();
    expect(await moveUp.evaluate((button) => button === document.activeElement)).toBe(true);

    // Drag: Pricing onto About Us.
    const rowOf = (label: string) => headerSection.locator(`li[data-link-row="${label}"]`);
    await rowOf("Pricing").locator("[data-drag-handle]").dragTo(rowOf("About Us"));
    await page
      .locator("[data-announcement]")
      .getByText("“Pricing” moved to position 2 of 9 in the header menu.")
      .waitFor();

    const expected = [
      "Home",
      "Pricing",
      "About Us",
      "Services",
      "Case Studies",
      "Insights",
      "Podcasts",
      "FAQ",
      "Contact Us",
    ];
    // The preview draws the header as it will look.
    expect(await headerLabels(page, '[data-preview="header"]')).toEqual(expected);

    // A saved draft is not yet what visitors see.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.locator("[data-toast]", { hasText: "Draft saved" }).waitFor();
    await page.getByText("Draft: these changes are not published yet.").waitFor();
    expect(await headerLabels(visitor.page, publicMenu)).toEqual(
      defaultNavigation.header.map((link) => link.label),
    );

    await page.getByRole("button", { name: "Publish" }).click();
    await page.locator("[data-toast]", { hasText: "Navigation published" }).waitFor();
    await page.getByText("Visitors see these menus.").waitFor();

    // The open public tab follows without a reload.
    await expect
      .poll(() => headerLabels(visitor.page, publicMenu), { timeout: budget(20_000) })
      .toEqual(expected);
    expect(
      await visitor.page.evaluate(
        () => (window as unknown as { sameDocument?: boolean }).sameDocument,
      ),
    ).toBe(true);
    await visitor.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Podcasts" })
      .click();
    await visitor.page.waitForURL(`${server.url}/podcasts`);

    // A fresh load (through the page cache) shows the same menus.
    const html = await (await fetch(`${server.url}/contact`)).text();
    expect(html.indexOf(">Pricing<")).toBeLessThan(html.indexOf(">About Us<"));
    expect(html).toContain('href="/podcasts"');

    expect(unexpectedErrors(admin.errors)).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await admin.close();
    await visitor.close();
  });
});
