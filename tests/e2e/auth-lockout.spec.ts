import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerWithStaff, startServerWithStaff } from "#tests/helpers/auth.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";

describe("brute-force limits", () => {
  let server: ServerWithStaff;
  beforeAll(async () => {
    server = await startServerWithStaff();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("locks an account after repeated failures, says when to retry, and answers 429 with Retry-After", async () => {
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser);
    const account = server.staff.admin;
    await page.goto(`${server.url}/login`);
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(`wrong password ${attempt}`);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.locator('[data-toast="error"]', { hasText: "do not match" }).last().waitFor();
      await page
        .getByRole("button", { name: "Sign in", exact: true })
        .waitFor({ state: "visible" });
      await page.waitForFunction(() => !document.querySelector("button[type=submit][disabled]"));
    }
    // Even the right password is refused now.
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator('[data-toast="error"]', { hasText: /Try again in 1[45] minutes/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await close();
    await browser.close();

    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email: account.email, password: account.password }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(60);
  });
});
