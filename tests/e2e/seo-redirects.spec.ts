import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser, unexpectedErrors } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";

describe("SEO tools: redirects", () => {
  const running = staffServerAndBrowser();

  it("empties the form after a redirect is added, and refuses the same redirect again", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await loginAs(page, running.server, "admin");
    await gotoHydrated(page, `${running.server.url}/admin/seo`);
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });

    await from.fill("/old-services");
    await to.fill("/services");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page
      .locator("[data-toast]", { hasText: "/old-services now redirects to /services" })
      .waitFor();
    await expect.poll(() => from.inputValue()).toBe("");
    expect(await to.inputValue()).toBe("");

    await from.fill("/old-services");
    await to.fill("/services");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page
      .getByText("This redirect already exists: /old-services → /services (301).")
      .first()
      .waitFor();
    // A refused form keeps what was typed, to correct it.
    expect(await from.inputValue()).toBe("/old-services");
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
