import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { seriousViolations, uniqueAddress } from "./public-helpers";

const running = staffServerAndBrowser({ env: { TRUST_PROXY: "1" } });

/** Headless Chromium names itself "HeadlessChrome", which counts as a bot: a person's browser. */
const PERSON_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** The next page-view beacon for this path, as the browser sends it. */
function beaconFor(page: Page, path: string) {
  return page.waitForRequest(
    (request: Request) =>
      request.url().endsWith("/api/event") &&
      request.method() === "POST" &&
      (JSON.parse(request.postData() ?? "{}") as { path?: string }).path === path,
    { timeout: budget(20_000) },
  );
}

/** The form refuses what is sent within 3 s of its token (server/antispam): wait out its age. */
async function waitForFormAge(page: Page) {
  const tokenInput = page
    .getByRole("form", { name: "Contact form" })
    .locator('input[name="formToken"]');
  // The token is fetched when the visitor starts filling: wait for it to arrive first.
  await expect
    .poll(() => tokenInput.inputValue(), { timeout: budget(10_000) })
    .toMatch(/^[^.]+\.\d+\./);
  const issuedAt = Number((await tokenInput.inputValue()).split(".")[1]);
  await expect.poll(() => Date.now() - issuedAt, { timeout: budget(10_000) }).toBeGreaterThan(3200);
}

describe("first-party analytics and attribution", () => {
  it("a campaign visitor's pages reach their lead, and the views reach /admin/analytics", async () => {
    const { server, browser } = running;
    const name = `Campaign Visitor ${Date.now()}`;
    const visitor = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
      userAgent: PERSON_AGENT,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
    });
    const { page } = visitor;

    // Arrives from the newsletter's spring campaign; the beacon carries the campaign.
    const landing = beaconFor(page, "/");
    await gotoHydrated(page, `${server.url}/?utm_source=newsletter&utm_campaign=spring`);
    const landed = JSON.parse((await landing).postData() ?? "{}");
    expect(landed).toMatchObject({ utm_source: "newsletter", utm_campaign: "spring" });
    expect((await landing).headers().cookie).toBeUndefined();

    // Two more pages through the site's own navigation (client-side).
    const insights = beaconFor(page, "/insights");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Insights" })
      .click();
    await page.waitForURL(/\/insights$/);
    await insights;
    const contact = beaconFor(page, "/contact");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact Us" })
      .click();
    await page.waitForURL(/\/contact$/);
    await contact;

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`visitor-${Date.now()}@example.com`);
    await page.getByLabel("Service of interest").selectOption({ label: "Something else" });
    await page.getByLabel("Budget range").selectOption("50k-100k");
    await page.getByLabel("Timeline").selectOption("1-3-months");
    await page.getByLabel("Message").fill("We read your spring newsletter and want to talk.");
    await waitForFormAge(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thanks for getting in touch!").waitFor();
    expect(visitor.errors).toEqual([]);

    // The footer's Privacy link says what is kept (a fourth page view).
    const privacy = beaconFor(page, "/privacy");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await privacy;
    await page.getByRole("heading", { name: "What we keep about your visit" }).waitFor();
    await page.getByRole("heading", { name: "Pages sent with a form" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The footer sign-up carries the same pages.
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill(`reader-${Date.now()}@example.com`);
    const signUp = page.waitForRequest(
      (request) => request.url().includes("/newsletter") && request.method() === "POST",
    );
    await footer.getByRole("button", { name: "Subscribe" }).click();
    const sent = new URLSearchParams((await signUp).postData() ?? "");
    const carried = JSON.parse(sent.get("touchpoints") || "[]") as Array<{ p: string }>;
    expect(carried.map((entry) => entry.p)).toEqual(["/", "/insights", "/contact", "/privacy"]);
    await page.getByText("Almost there!").first().waitFor();
    // They wait with the sign-up and count once this browser confirms it (decision 314): its
    // key is a cookie only the newsletter's addresses see.
    const [signUpCookie] = (await page.context().cookies()).filter(
      (cookie) => cookie.name === "frontier.newsletter",
    );
    expect(signUpCookie).toMatchObject({ path: "/newsletter", httpOnly: true, sameSite: "Lax" });
    await visitor.close();

    // Staff see the lead's pages, with the campaign that brought it.
    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await loginAs(admin.page, server, "admin");
    await gotoHydrated(admin.page, `${server.url}/admin/clients?tab=leads`);
    const row = admin.page.getByRole("row").filter({ hasText: name });
    await row.getByText("3 pages").click();
    const pages = row.locator("[data-touchpoints] li");
    await expect.poll(() => pages.allInnerTexts()).toHaveLength(3);
    const texts = await pages.allInnerTexts();
    expect(texts[0]).toMatch(/^\/\s/);
    expect(texts[0]).toContain("campaign “spring” (newsletter)");
    expect(texts[1]).toContain("/insights");
    expect(texts[2]).toContain("/contact");

    // Once the lead is a client, the client's page keeps the pages it saw before writing in.
    await row.getByRole("button", { name: `Convert ${name} to a client` }).click();
    await admin.page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
    const before = admin.page.getByRole("region", { name: "Pages before contact" });
    await before.getByText(/^Before the enquiry of /).waitFor();
    const clientPages = before.locator("[data-touchpoints] li");
    await expect.poll(() => clientPages.allInnerTexts()).toHaveLength(3);
    const clientTexts = await clientPages.allInnerTexts();
    expect(clientTexts[0]).toContain("campaign “spring” (newsletter)");
    expect(clientTexts[1]).toContain("/insights");
    expect(clientTexts[2]).toContain("/contact");

    // After the rollup ("Refresh now"), /admin/analytics counts the visitor's four views
    // (the admin's own browsing is not counted: staff carry a session).
    await gotoHydrated(admin.page, `${server.url}/admin/analytics?period=7`);
    const views = admin.page.locator('[data-figure="views"]');
    await expect
      .poll(
        async () => {
          await admin.page.getByRole("button", { name: "Refresh now" }).click();
          await admin.page.getByText("Figures refreshed.").first().waitFor();
          return Number(await views.getAttribute("data-value"));
        },
        { timeout: budget(20_000) },
      )
      .toBe(4);
    expect(
      Number(await admin.page.locator('[data-figure="visitors"]').getAttribute("data-value")),
    ).toBe(1);
    const topPages = admin.page.locator('[data-top="page"]');
    for (const path of ["/", "/insights", "/contact", "/privacy"])
      await topPages.getByRole("cell", { name: path, exact: true }).waitFor();
    await admin.page
      .locator('[data-top="utm_campaign"]')
      .getByRole("cell", { name: "spring" })
      .waitFor();
    await admin.page
      .locator('[data-ranking="leads"]')
      .getByRole("row")
      .filter({ hasText: "/insights" })
      .waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});
