import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { uniqueAddress } from "./public-helpers";

// Issue 41's landing page end to end: built in /admin/pages, linked from the header menu, a
// campaign visitor writes in on it, and the message arrives as a lead.

const running = staffServerAndBrowser({ env: { TRUST_PROXY: "1" } });

/** Headless Chromium names itself "HeadlessChrome", which counts as a bot: a person's browser. */
const PERSON_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** The form refuses what is sent within 3 s of its token (server/antispam): wait out its age. */
async function waitForFormAge(page: Page) {
  const tokenInput = page
    .getByRole("form", { name: "Contact form" })
    .locator('input[name="formToken"]');
  await expect
    .poll(() => tokenInput.inputValue(), { timeout: budget(10_000) })
    .toMatch(/^[^.]+\.\d+\./);
  const issuedAt = Number((await tokenInput.inputValue()).split(".")[1]);
  await expect.poll(() => Date.now() - issuedAt, { timeout: budget(10_000) }).toBeGreaterThan(3200);
}

describe("a campaign's landing page", () => {
  it("is built from blocks, linked from the header menu, and a campaign visitor writes in on it", async () => {
    const { server, browser } = running;
    const suffix = Date.now().toString(36);
    const path = `/spring-audit-${suffix}`;
    const title = `Spring audit ${suffix}`;

    // An admin builds the page: a hero and a contact form, then publishes it.
    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await loginAs(admin.page, server, "admin");
    await gotoHydrated(admin.page, `${server.url}/admin/pages/create`);
    await admin.page.getByLabel("Title", { exact: true }).fill(title);
    await admin.page.getByLabel("Address", { exact: true }).fill(path);
    await admin.page.getByRole("button", { name: "Create page" }).click();
    await admin.page.waitForURL(/\/admin\/pages\/edit\/[0-9a-f-]{36}$/);
    await gotoHydrated(admin.page, admin.page.url());

    await admin.page.getByLabel("Block type").selectOption({ label: "Hero" });
    await admin.page.getByRole("button", { name: "Add block" }).click();
    const hero = admin.page.getByRole("listitem", { name: "Block 1: Hero" });
    await hero.getByLabel("Title", { exact: true }).fill("A spring audit of your platform");
    await hero
      .getByLabel("Lead", { exact: true })
      .fill("Two weeks, a fixed price, a written report.");
    await admin.page.getByLabel("Block type").selectOption({ label: "Contact form" });
    await admin.page.getByRole("button", { name: "Add block" }).click();
    await admin.page.getByRole("listitem", { name: "Block 2: Contact form" }).waitFor();
    await admin.page.getByRole("button", { name: "Publish", exact: true }).click();
    await admin.page.getByText("Published: the page is live.").first().waitFor();

    // It goes into the header menu through the navigation editor's page picker.
    await gotoHydrated(admin.page, `${server.url}/admin/settings/navigation`);
    const headerSection = admin.page.locator("section", {
      has: admin.page.getByRole("heading", { name: "Header menu" }),
    });
    await headerSection.getByRole("button", { name: "Add a link to the header menu" }).click();
    const newRow = headerSection
      .locator("li")
      .filter({ has: admin.page.getByLabel("Leads to") })
      .last();
    await newRow.getByLabel("Leads to").selectOption(path);
    await newRow.getByLabel("Link text").fill("Spring audit");
    await admin.page.getByRole("button", { name: "Publish" }).click();
    await admin.page.getByText("Visitors see these menus.").waitFor();

    // A visitor arrives from the campaign's link, sees the page in the menu and writes in on it.
    const name = `Landing Visitor ${suffix}`;
    const visitor = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
      userAgent: PERSON_AGENT,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
    });
    const { page } = visitor;
    const landed = page.waitForRequest(
      (request) =>
        request.url().endsWith("/api/event") &&
        (JSON.parse(request.postData() ?? "{}") as { path?: string }).path === path,
      { timeout: budget(20_000) },
    );
    await gotoHydrated(page, `${server.url}${path}?utm_source=newsletter&utm_campaign=spring`);
    await page
      .getByRole("heading", { level: 1, name: "A spring audit of your platform" })
      .waitFor();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Spring audit" })
      .waitFor();
    expect(JSON.parse((await landed).postData() ?? "{}")).toMatchObject({
      utm_source: "newsletter",
      utm_campaign: "spring",
    });
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`landing-${suffix}@example.com`);
    await page.getByLabel("Service of interest").selectOption({ label: "Something else" });
    await page.getByLabel("Budget range").selectOption("50k-100k");
    await page.getByLabel("Timeline").selectOption("1-3-months");
    await page.getByLabel("Message").fill("We saw your spring audit and want one.");
    await waitForFormAge(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thanks for getting in touch!").waitFor();
    // Back to it through the menu: a client-side navigation (its data by React Router's url).
    await page.waitForURL(/\/contact$/);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Spring audit" })
      .click();
    await page.waitForURL((url) => url.pathname === path);
    await page
      .getByRole("heading", { level: 1, name: "A spring audit of your platform" })
      .waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    // The message reached the command center as a lead.
    await gotoHydrated(admin.page, `${server.url}/admin/clients?tab=leads`);
    const row = admin.page.getByRole("row").filter({ hasText: name });
    await row.getByText(/^\d+ pages? before /).click();
    const pages = row.locator("[data-touchpoints] li");
    await expect.poll(() => pages.allInnerTexts()).not.toHaveLength(0);
    const texts = await pages.allInnerTexts();
    expect(texts[0]).toContain(path);
    expect(texts[0]).toContain("campaign “spring” (newsletter)");
    await admin.close();
  });
});
