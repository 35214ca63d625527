import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { newDataDir, type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const staff = { email: "youtube-admin@frontier.test", password: "a-long-youtube-password-1" };
const fixture = readFileSync(new URL("../fixtures/youtube-feed.xml", import.meta.url), "utf8");

let server: RunningServer;
let browser: Browser;
let feedServer: Server;

beforeAll(async () => {
  // The recorded feed, served the way YouTube serves it; other channels are unknown (404).
  feedServer = createServer((request, response) => {
    const channel = new URL(request.url ?? "/", "http://localhost").searchParams.get("channel_id");
    if (channel === "UCfrontierTestChannel001") {
      response.setHeader("Content-Type", "application/atom+xml; charset=UTF-8");
      response.end(fixture);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feeds/videos.xml`;
  const dataDir = await newDataDir("frontier-youtube-");
  const database = await openDatabase({ dataDir });
  await createStaffUser({ db: database.db }, { ...staff, role: "admin", name: "Yan Tube" });
  await database.close();
  [server, browser] = await Promise.all([
    startServer({ dataDir, env: { YOUTUBE_FEED_URL: feedUrl } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => feedServer?.close(resolve));
});

describe("YouTube sync screen", () => {
  it("syncs a channel by hand with progress, shows the videos on /podcasts and reports an unknown channel", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1440, height: 1000 },
    });
    await page.goto(`${server.url}/login?redirectTo=/admin/youtube-sync`);
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${server.url}/admin/youtube-sync`);

    await page.getByLabel("Channel id").fill("not a channel");
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.getByText("A channel id starts with UC").waitFor();
    await page.getByLabel("Channel id").fill("UCfrontierTestChannel001");
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.getByText("UCfrontierTestChannel001 added.").waitFor();

    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByText(/Finished .*: 3 added, 0 updated\./).waitFor({ timeout: budget(15_000) });
    await page.getByText("Frontier Engineering Talks").waitFor();

    await page.goto(`${server.url}/podcasts`);
    await page.getByRole("heading", { name: "Shipping an offline-first mobile app" }).waitFor();
    const html = await (await fetch(`${server.url}/podcasts`)).text();
    expect(html).toContain('"@type":"VideoObject"');

    // A second run adds nothing; an unknown channel is reported on screen, the good data stays.
    await page.goto(`${server.url}/admin/youtube-sync`);
    await page.getByLabel("Channel id").fill("UCunknownChannel00000001");
    await page.getByRole("button", { name: "Add channel" }).click();
    await page.getByText("UCunknownChannel00000001 added.").waitFor();
    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByText(/Finished .*: 0 added, 0 updated\./).waitFor({ timeout: budget(15_000) });
    await page
      .getByRole("alert")
      .filter({ hasText: "knows no channel UCunknownChannel00000001" })
      .waitFor();

    await page.goto(`${server.url}/podcasts`);
    await page.getByRole("heading", { name: "Shipping an offline-first mobile app" }).waitFor();
    // The thumbnails live on YouTube's image host, which a test machine cannot reach.
    expect(errors.filter((error) => !error.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await close();
  });
});
