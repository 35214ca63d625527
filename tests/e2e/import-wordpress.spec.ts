import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { fixture, startOldSite, tempFile } from "#tests/helpers/imports.ts";
import { newDataDir, type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const staff = { email: "import-admin@frontier.test", password: "a-long-import-password-1" };

let server: RunningServer;
let browser: Browser;
let site: Awaited<ReturnType<typeof startOldSite>>;

beforeAll(async () => {
  site = await startOldSite();
  const dataDir = await newDataDir("frontier-import-e2e-");
  const database = await openDatabase({ dataDir });
  await createStaffUser({ db: database.db }, { ...staff, role: "admin", name: "Ida Porter" });
  await database.close();
  [server, browser] = await Promise.all([
    startServer({ dataDir, env: { PRIVATE_FETCH_ORIGINS: site.origin } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
});

describe("importing a WordPress site", () => {
  it(
    "previews the export, follows the import to its end, and sends old addresses to the new insight and page",
    async () => {
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: 1440, height: 1000 },
      });
      await page.goto(`${server.url}/login?redirectTo=/admin/import`);
      await page.getByLabel("Email").fill(staff.email);
      await page.getByLabel("Password").fill(staff.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${server.url}/admin/import`);

      await page.getByLabel("What the file is").selectOption("wordpress");
      await page
        .getByLabel("Export file (at most 512 MB)")
        .setInputFiles(tempFile("old-blog.xml", fixture("wordpress.xml", site.origin)));
      await page.getByRole("button", { name: "Read the file" }).click();
      await page.waitForURL(/\/admin\/import\/[0-9a-f-]{36}$/);

      // The preview: what will be created, what is skipped and why, row by row.
      const importButton = page.getByRole("button", { name: /^Import \d+ items$/ });
      await importButton.waitFor({ timeout: budget(30_000) });
      const rows = page.getByRole("table", { name: "Items of the file" });
      await rows.getByRole("row", { name: /Moving fast & keeping things.*Create/ }).waitFor();
      await rows.getByRole("row", { name: /Thrown away.*Skip.*In WordPress's trash/ }).waitFor();
      await rows.getByRole("row", { name: /About us.*Create.*Published page \/about/ }).waitFor();
      await rows.getByRole("row", { name: /Cheap Pills.*Skip.*Marked as spam/ }).waitFor();

      await importButton.click();
      await page
        .getByText("Import finished. Each row says what became of it.")
        .waitFor({ timeout: budget(60_000) });
      await rows.getByRole("row", { name: /Moving fast & keeping things.*Created/ }).waitFor();
      await page.getByRole("link", { name: "Moving fast & keeping things" }).waitFor();
      await rows.getByRole("row", { name: /About us.*Created.*\/about/ }).waitFor();

      // An old address, as a visitor follows it, lands on the insight.
      await page.goto(`${server.url}/2019/05/moving-fast/`);
      await page.waitForURL(`${server.url}/insights/moving-fast`);
      await page.getByRole("heading", { level: 1, name: "Moving fast & keeping things" }).waitFor();
      for (const from of ["/2019/05/moving-fast/", "/?p=101", "/blog/second-post/"]) {
        const answer = await fetch(`${server.url}${from}`, { redirect: "manual" });
        expect(answer.status, from).toBe(301);
        expect(answer.headers.get("location"), from).toMatch(
          /^\/insights\/(moving-fast|second-post)$/,
        );
      }
      // A page's old address lands on the page built from it.
      await page.goto(`${server.url}/company/about/`);
      await page.waitForURL(`${server.url}/about`);
      await page.getByRole("heading", { level: 1, name: "About us" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Who we are" }).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    budget(180_000),
  );
});
