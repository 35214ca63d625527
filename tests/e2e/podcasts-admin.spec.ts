import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { newDataDir, type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const staff = { email: "podcasts-admin@frontier.test", password: "a-long-podcast-password-1" };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const dataDir = await newDataDir("frontier-podcasts-");
  const database = await openDatabase({ dataDir });
  await createStaffUser({ db: database.db }, { ...staff, role: "admin", name: "Pat Podcast" });
  await database.close();
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, target: string) {
  await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${server.url}${target}`);
}

describe("podcasts admin", () => {
  it("publishes an episode that /podcasts and /podcasts.rss show at once", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1440, height: 1000 },
    });
    await signIn(page, "/admin/podcasts");
    await page.getByRole("link", { name: "New episode" }).click();
    await page.waitForURL(`${server.url}/admin/podcasts/create`);

    const title = `Shipping on Fridays ${Date.now()}`;
    // Typing before the page has hydrated would be lost: the slug follows the title once it has.
    await expect
      .poll(
        async () => {
          await page.getByLabel("Title").fill(title);
          return page.getByLabel(/^Slug/).inputValue();
        },
        { timeout: budget(20_000) },
      )
      .not.toBe("");
    // Publishing without audio is refused in the browser, with the field to fix.
    await page.getByRole("radio", { name: "published" }).check();
    await page.getByRole("button", { name: "Save episode" }).click();
    await page.getByText("Upload the audio file or enter its address before publishing.").waitFor();

    await page.getByLabel(/Audio address/).fill("/media/podcast/episode-1.wav");
    await page.getByLabel("Duration (mm:ss)").fill("12:34");
    await page.getByLabel("Season").fill("2");
    await page.getByLabel("Episode", { exact: true }).fill("7");
    await page.getByRole("textbox", { name: "Show notes" }).fill("Why we **deploy** on Fridays.");
    await page.getByRole("button", { name: "Save episode" }).click();
    await page.getByText("Episode published").waitFor();

    await page.goto(`${server.url}/podcasts`);
    await page.getByRole("heading", { name: title }).waitFor();
    const rss = await (await fetch(`${server.url}/podcasts.rss`)).text();
    expect(rss).toContain(title);

    await page.goto(`${server.url}/admin/podcasts`);
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("radio", { name: "draft" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Draft saved.").waitFor();
    const rssAfter = await (await fetch(`${server.url}/podcasts.rss`)).text();
    expect(rssAfter).not.toContain(title);
    const pageAfter = await (await fetch(`${server.url}/podcasts`)).text();
    expect(pageAfter).not.toContain(title);

    expect(errors).toEqual([]);
    await close();
  });
});
