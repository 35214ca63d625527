import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

describe("case studies in the command center", () => {
  it(
    "writes and publishes a case study, finds it by client, restores a version and deletes it",
    async () => {
      const { page, errors, close } = await openPage(running.browser);
      await loginAs(page, running.server, "admin");
      const stamp = Date.now();
      const title = `Harbour logistics replatform ${stamp}`;
      const slug = `harbour-logistics-replatform-${stamp}`;
      const client = `Harbour Freight ${stamp}`;

      await page.goto(`${running.server.url}/admin/case-studies/create`);
      await page.getByLabel("Title", { exact: true }).fill(title);
      // The slug follows the title until staff change it.
      await expect.poll(() => page.getByLabel("Slug", { exact: true }).inputValue()).toBe(slug);
      // The hint shows the case study's real address, as typed.
      await page.getByText(`The address: /case-studies/${slug}`, { exact: true }).waitFor();
      await page.getByLabel("Client", { exact: true }).fill(client);
      await page.getByLabel("Industry").fill("Logistics");
      await page.getByLabel("Scalable Web Platforms").check();
      await page
        .getByLabel("Summary")
        .fill("A port's booking system moved to the cloud in 12 weeks.");
      await page.getByLabel(/^Metrics/).fill("Bookings per hour: 4x\nUptime: 99.99%");
      // Previews are plain requests while staff type, outside the router: one that
      // ended during a save's navigation would cut it short (stale page, lost toast).
      const routerRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) routerRequests.push(request.url());
      });
      await page.getByLabel("Challenge (Markdown)").fill("Bookings **stalled** at peak.");
      await expect
        .poll(() => page.getByTestId("challenge-preview").innerHTML(), { timeout: budget(20_000) })
        .toContain("<strong>stalled</strong>");
      expect(routerRequests).toEqual([]);
      await page.getByLabel("Solution (Markdown)").fill("## Event-driven\n\nQueues absorb peaks.");
      await page.getByLabel("Results (Markdown)").fill("Four times the bookings.");
      await page.getByLabel("Published").check();
      await page.getByRole("button", { name: "Save and publish" }).click();
      await page.waitForURL(/\/admin\/case-studies\/edit\//);
      await expect
        .poll(() => page.getByText("Case study created.").count(), { timeout: budget(20_000) })
        .toBeGreaterThan(0);
      const editUrl = page.url();

      const published = await (await fetch(`${running.server.url}/case-studies/${slug}`)).text();
      expect(published).toContain(title);
      expect(published).toContain("99.99%");
      expect(published).toContain("<strong>stalled</strong>");

      // A required field left empty is refused with its message; nothing changes.
      await page.getByLabel("Client", { exact: true }).fill("");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect
        .poll(() => page.getByText("Enter the client.").count(), { timeout: budget(20_000) })
        .toBe(1);
      expect(await (await fetch(`${running.server.url}/case-studies/${slug}`)).text()).toContain(
        client,
      );
      // The refused save is the page's only failed request.
      expect(errors.filter((error) => !error.includes("status of 400 (Bad Request)"))).toEqual([]);
      errors.length = 0;

      // The preview shows what the public page shows.
      const id = editUrl.split("/").pop();
      await page.goto(`${running.server.url}/admin/case-studies/preview?id=${id}`);
      expect(await page.getByText("Preview · published").count()).toBe(1);
      expect(await page.getByRole("heading", { name: "What we built" }).count()).toBe(1);
      expect(await page.getByText("Scalable Web Platforms").count()).toBe(1);
      expect(await page.locator("article strong", { hasText: "stalled" }).count()).toBe(1);

      // A second version, then the first one back.
      await page.goto(editUrl);
      await page.getByLabel("Title", { exact: true }).fill(`${title} (revised)`);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect
        .poll(() => page.getByText("Case study saved and published.").count(), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByLabel("Title", { exact: true }).inputValue())
        .toBe(`${title} (revised)`);
      await page.getByRole("button", { name: "Restore" }).first().click();
      await expect
        .poll(() => page.getByText("That version is back.").count(), { timeout: budget(20_000) })
        .toBeGreaterThan(0);
      await expect.poll(() => page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      expect(await page.getByLabel(/^Metrics/).inputValue()).toBe(
        "Bookings per hour: 4x\nUptime: 99.99%",
      );
      expect(await page.getByLabel("Scalable Web Platforms").isChecked()).toBe(true);

      // The list finds it by client and by state.
      await page.goto(
        `${running.server.url}/admin/case-studies?q=${encodeURIComponent(client)}&status=published`,
      );
      expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("published");
      const row = page.getByRole("row", { name: new RegExp(title) });
      expect(await row.count()).toBe(1);
      expect(await row.getByText(client).count()).toBe(1);
      await page.goto(
        `${running.server.url}/admin/case-studies?q=${encodeURIComponent(client)}&status=draft`,
      );
      expect(await page.getByText(`Nothing matches “${client}”.`).count()).toBe(1);

      // Delete after confirming.
      await page.goto(editUrl);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByRole("button", { name: "Delete case study" }).click();
      await page.waitForURL(/\/admin\/case-studies$/);
      await expect
        .poll(() => page.getByText("Case study deleted.").count(), { timeout: budget(20_000) })
        .toBeGreaterThan(0);
      expect((await fetch(`${running.server.url}/case-studies/${slug}`)).status).toBe(404);
      expect(errors).toEqual([]);
      await close();
    },
    budget(180_000),
  );
});
