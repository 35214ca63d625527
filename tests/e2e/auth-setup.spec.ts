import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unexpectedErrors } from "#tests/helpers/auth.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { compiledCli, type RunningServer, startServer } from "#tests/helpers/server.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("first run", () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("prints a one-time /setup link that creates the first admin, once", async () => {
    server = await startServer({ keepData: true });
    const running = server;
    const deadline = Date.now() + 10_000;
    while (!/\/setup\?token=/.test(running.output()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const link = running.output().match(/https?:\/\/\S+\/setup\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const setupUrl = `${running.url}${new URL(link ?? "").pathname}${new URL(link ?? "").search}`;

    const browser = await launchBrowser();
    const { page, errors } = await openPage(browser);
    await page.goto(setupUrl);
    await page.getByLabel("Name").fill("First Admin");
    await page.getByLabel("Email").fill("first-admin@staff.test");
    await page.getByLabel("Password", { exact: true }).fill("first admin password");
    await page.getByLabel("Repeat the password").fill("first admin password");
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.waitForURL(/\/login/);
    // The address changes a moment before the sign-in form replaces the setup form.
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await page.getByLabel("Email").fill("first-admin@staff.test");
    await page.getByLabel("Password", { exact: true }).fill("first admin password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByText("Welcome back, First Admin").waitFor();

    await page.goto(setupUrl);
    await page.getByText("expired or was already used").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await browser.close();

    // The shell sees the account once the server has stopped (the embedded database is single-owner).
    await running.stop();
    server = undefined;
    const list = spawnSync(process.execPath, [compiledCli("user"), "list"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: running.dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(list.stdout).toContain("first-admin@staff.test\tadmin");
    rmSync(running.dataDir, { recursive: true, force: true });
  });
});
