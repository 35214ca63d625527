import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

function localInput(date: Date) {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

describe("insights in the command center", () => {
  it(
    "writes an insight with an image, previews it, schedules it and sees it go live; a new slug redirects the old URL",
    async () => {
      const { page, errors, close } = await openPage(running.browser);
      await loginAs(page, running.server, "admin");
      const slug = `e2e-insight-${Date.now()}`;
      await page.goto(`${running.server.url}/admin/insights/create`);
      await page.getByLabel("Title", { exact: true }).fill("A scheduled field report");
      await page.getByLabel("Slug", { exact: true }).fill(slug);
      await page.getByText(`The address: /insights/${slug}`, { exact: true }).waitFor();
      await page.getByLabel("Author").fill("Ada Lovelace");
      await page.getByLabel("Tags").fill("Delivery, Velocity");
      await page.getByLabel("Excerpt").fill("What we learned shipping on a schedule.");
      await page.getByLabel("Article (Markdown)").fill("## Lessons\n\nShip small, ship often.");
      await expect
        .poll(() => page.getByTestId("body-preview").innerHTML(), { timeout: budget(20_000) })
        .toContain("<h2>Lessons</h2>");

      const png = await sharp({
        create: { width: 1200, height: 600, channels: 3, background: "#3366ff" },
      })
        .png()
        .toBuffer();
      const cover = page.locator("fieldset", {
        has: page.getByText("Cover image", { exact: true }),
      });
      await cover
        .locator('input[type="file"]')
        .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
      await cover.getByLabel("Alt text (what the image shows)").fill("A blue banner");
      await cover.getByRole("button", { name: "Upload" }).click();
      await expect
        .poll(() => cover.locator('input[type="hidden"][name="coverImage"]').inputValue(), {
          timeout: budget(20_000),
        })
        .toMatch(/^\/uploads\/images\/[0-9a-f]{32}-\d+\.webp$/);

      await page.getByLabel("Draft").check();
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL(/\/admin\/insights\/edit\//);
      const id = page.url().split("/").pop();
      // The address changes a moment before the edit screen replaces the create
      // screen: typing earlier would go into the form on its way out.
      await page.getByText("Drafts save automatically while you type.").waitFor();

      // A draft saves itself while staff type, without leaving the page.
      await page.getByLabel("Excerpt").fill("What we learned shipping on a schedule, autosaved.");
      await expect
        .poll(() => page.getByText(/^Draft saved automatically at/).count(), {
          timeout: budget(30_000),
        })
        .toBe(1);
      await page.reload();
      expect(await page.getByLabel("Excerpt").inputValue()).toBe(
        "What we learned shipping on a schedule, autosaved.",
      );
      expect(await page.getByText(/· autosave by/).count()).toBe(1);

      const preview = await running.browser.newPage();
      await preview.context().addCookies(await page.context().cookies());
      await preview.goto(`${running.server.url}/admin/insights/preview?id=${id}`);
      await expect
        .poll(() => preview.getByText(/^Preview ·/).count(), { timeout: budget(20_000) })
        .toBe(1);
      expect(await preview.locator('meta[name="robots"]').getAttribute("content")).toMatch(
        /noindex/,
      );
      expect(await preview.locator("article img").first().getAttribute("alt")).toBe(
        "A blue banner",
      );
      await preview.close();
      expect((await fetch(`${running.server.url}/insights/${slug}`)).status).toBe(404);

      const at = new Date(Date.now() + 20_000);
      await page.getByLabel("Scheduled").check();
      await page.getByLabel("Publish at (your local time)").fill(localInput(at));
      await page.getByRole("button", { name: "Save schedule" }).click();
      await expect
        .poll(() => page.getByText("Insight scheduled.").count(), { timeout: budget(20_000) })
        .toBeGreaterThan(0);

      await expect
        .poll(async () => (await fetch(`${running.server.url}/insights/${slug}`)).status, {
          timeout: budget(90_000),
          interval: 2000,
        })
        .toBe(200);
      expect(await (await fetch(`${running.server.url}/insights`)).text()).toContain(slug);
      expect(await (await fetch(`${running.server.url}/insights.rss`)).text()).toContain(slug);
      expect(await (await fetch(`${running.server.url}/sitemap.xml`)).text()).toContain(
        `/insights/${slug}`,
      );

      await page.reload();
      await page.getByLabel("Slug", { exact: true }).fill(`${slug}-renamed`);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect
        .poll(() => page.getByText("Insight saved and published.").count(), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0);
      const old = await fetch(`${running.server.url}/insights/${slug}`, { redirect: "manual" });
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe(`/insights/${slug}-renamed`);
      const editorUrl = page.url();
      await page.goto(`${running.server.url}/insights/${slug}`);
      expect(new URL(page.url()).pathname).toBe(`/insights/${slug}-renamed`);

      // A published insight's editor drafts a campaign from it.
      await page.goto(editorUrl);
      await page.getByRole("button", { name: "Create campaign from this insight" }).click();
      await page.waitForURL(/\/admin\/campaigns\/edit\//);
      await page
        .locator("[data-toast]", { hasText: "Campaign drafted from the insight." })
        .waitFor();
      expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe(
        "A scheduled field report",
      );
      expect(errors).toEqual([]);
      await close();
    },
    budget(180_000),
  );
});
