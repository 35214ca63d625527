import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";

const running = staffServerAndBrowser();

describe("two admins edit one page", () => {
  it("refuses the second save with the other's change and keeps what the second admin typed", async () => {
    const { server, browser } = running;
    const first = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const second = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await loginAs(first.page, server, "admin");
    await loginAs(second.page, server, "admin");
    await first.page.goto(`${server.url}/admin/pages`);
    const editLink = first.page.getByRole("link", { name: "Pricing", exact: true }).first();
    const href = await editLink.getAttribute("href");
    expect(href).toMatch(/\/admin\/pages\/edit\//);
    // One save first: the version both admins open then has its revision to compare with.
    await gotoHydrated(first.page, `${server.url}${href}`);
    await first.page.getByRole("button", { name: "Save changes (live)" }).click();
    await first.page.getByText("Saved: the page is live.").first().waitFor();
    await Promise.all([
      gotoHydrated(first.page, `${server.url}${href}`),
      gotoHydrated(second.page, `${server.url}${href}`),
    ]);

    await first.page.getByLabel("Title").first().fill("Pricing and plans");
    await first.page.getByRole("button", { name: "Save changes (live)" }).click();
    await first.page.getByText("Saved: the page is live.").first().waitFor();

    const mine = "Prices for 2027";
    await second.page.locator("#seoTitle").fill(mine);
    await second.page.getByRole("button", { name: "Save changes (live)" }).click();
    const alert = second.page
      .getByRole("alert")
      .filter({ hasText: "saved this page while you were editing it" });
    await alert.waitFor();
    // describePageChanges: what the first admin changed.
    await alert
      .getByText(/title changed/i)
      .first()
      .waitFor();
    expect(await second.page.locator("#seoTitle").inputValue()).toBe(mine);

    // After seeing it, the second admin keeps theirs over the other's.
    await alert.getByRole("button", { name: "Save mine over theirs" }).click();
    await second.page.getByText("Saved: the page is live.").first().waitFor();
    expect(await second.page.locator("#seoTitle").inputValue()).toBe(mine);
    await first.close();
    await second.close();
  });
});
