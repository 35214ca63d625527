import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

describe("testimonials in the command center", () => {
  it(
    "refuses a testimonial without its company, then adds it to Home",
    async () => {
      const { page, errors, close } = await openPage(running.browser);
      await loginAs(page, running.server, "admin");
      const name = `Rosa Marquez ${Date.now()}`;
      await page.goto(`${running.server.url}/admin/testimonials/create`);
      await page.getByLabel("Quote").fill("They shipped on the day they said they would.");
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Role").fill("Head of Product");
      await page.getByRole("button", { name: /Save|Add/ }).click();
      await expect
        .poll(() => page.getByText("Enter the company.").count(), { timeout: budget(20_000) })
        .toBe(1);
      expect(await page.getByLabel("Company").getAttribute("aria-invalid")).toBe("true");
      // A screen reader reads the message with the field.
      const describedBy = await page.getByLabel("Company").getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Enter the company.");
      // What was typed stays.
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
      expect(errors.filter((error) => !error.includes("status of 400 (Bad Request)"))).toEqual([]);
      errors.length = 0;

      await page.getByLabel("Company").fill("Tidewater Logistics");
      await page.getByRole("button", { name: /Save|Add/ }).click();
      await page.waitForURL(/\/admin\/testimonials$/);
      await expect
        .poll(() => page.getByText("Testimonial added.").count(), { timeout: budget(20_000) })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => (await (await fetch(`${running.server.url}/`)).text()).includes(name), {
          timeout: budget(20_000),
        })
        .toBe(true);
      expect(errors).toEqual([]);
      await close();
    },
    budget(120_000),
  );
});
