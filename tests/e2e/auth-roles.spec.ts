import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser, unexpectedErrors } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";

const adminSections = ["Dashboard", "Business", "Marketing", "Content", "Engage", "Settings"];

describe("signing in with each role", () => {
  const running = staffServerAndBrowser();

  async function sectionTitles(page: import("playwright-core").Page) {
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.locator("button[aria-expanded]").first().waitFor();
    const texts = await nav.locator("button[aria-expanded]").allInnerTexts();
    return texts.map((text) => text.split("\n")[0].trim());
  }

  it("an admin sees every section, collapses one, and signs out to /login", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await loginAs(page, running.server, "admin");
    const titles = await sectionTitles(page);
    expect(titles.map((title) => title.toLowerCase())).toEqual(
      adminSections.map((title) => title.toLowerCase()),
    );
    const sidebar = page.getByRole("navigation", { name: "Admin sections" });
    await expect(sidebar.getByRole("link", { name: "SEO Tools" }).isVisible()).resolves.toBe(true);
    // The Settings section holds the site-wide settings pages.
    const settingsList = sidebar.locator("#admin-nav-settings");
    expect(await settingsList.getByRole("link").allTextContents()).toEqual([
      "All settings",
      "Branding",
      "Navigation",
      "SEO Tools",
      "Team",
      "Outbox",
      "Audit Log",
      "Import",
      "Export",
      "Personal Data",
      "API Tokens",
      "Webhooks",
    ]);
    await sidebar.getByRole("button", { name: /Settings/i }).click();
    await expect(sidebar.getByRole("link", { name: "SEO Tools" }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${running.server.url}/admin/team`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("a client manager sees Dashboard and Business only, and is sent back from admin pages", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await loginAs(page, running.server, "clientManager");
    const titles = (await sectionTitles(page)).map((title) => title.trim().toLowerCase());
    expect(titles).toEqual(["dashboard", "business"]);
    await page.goto(`${running.server.url}/admin/seo`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.locator('[data-toast="error"]', { hasText: "admins only" }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("role none sees the no-access message and no data", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await loginAs(page, running.server, "none");
    await page.locator("[data-no-access]").waitFor();
    await page.goto(`${running.server.url}/admin/clients`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.locator("[data-no-access]").waitFor();
    expect(await sectionTitles(page)).toHaveLength(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("an anonymous visitor is sent to /login and lands on the page asked for after signing in", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await page.goto(`${running.server.url}/admin/team?q=test`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/admin/team?q=test");
    await page.getByLabel("Email").fill(running.server.staff.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(running.server.staff.admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/admin\/team\?q=test$/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("a wrong password and an unknown account get the same red toast; empty fields get a clear 400", async () => {
    const { page, close } = await openPage(running.browser);
    await page.goto(`${running.server.url}/login`);
    await page.getByLabel("Email").fill(running.server.staff.clientManager.email);
    await page.getByLabel("Password", { exact: true }).fill("certainly not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const toast = page.locator('[data-toast="error"]', { hasText: "do not match an account" });
    await toast.waitFor();
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await page.getByLabel("Email").fill("nobody-at-all@staff.test");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator('[data-toast="error"]', { hasText: "do not match an account" }).waitFor();
    await close();

    const response = await fetch(`${running.server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: running.server.url },
      body: "email=&password=",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter your email address.");
  });

  it("says to check the connection when the server cannot be reached", async () => {
    const { page, close } = await openPage(running.browser);
    await page.goto(`${running.server.url}/login`);
    // Only a hydrated form submits through fetch (a plain form post would not fail this way).
    await page.waitForFunction(() => {
      const form = document.querySelector("form");
      return Boolean(form && Object.keys(form).some((key) => key.startsWith("__reactFiber")));
    });
    await page.route("**/login.data*", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Email").fill(running.server.staff.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(running.server.staff.admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator('[data-toast="error"]', { hasText: "Check your connection" }).waitFor();
    await close();
  });

  it("refuses a cross-site form post", async () => {
    const response = await fetch(`${running.server.url}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
      },
      body: new URLSearchParams({ email: running.server.staff.admin.email, password: "x" }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("another site");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const response = await fetch(`${running.server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: running.server.url },
      body: new URLSearchParams({
        email: running.server.staff.admin.email,
        password: running.server.staff.admin.password,
      }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("frontier.session"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'none'/);

    // Better Auth answers session reads; its sign-in and admin endpoints are closed.
    const session = cookie?.split(";")[0] ?? "";
    const current = await fetch(`${running.server.url}/api/auth/get-session`, {
      headers: { Cookie: session },
    });
    expect(((await current.json()) as { user?: { email?: string } }).user?.email).toBe(
      running.server.staff.admin.email,
    );
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/admin/list-users",
      "/api/auth/change-password",
    ]) {
      const closed = await fetch(`${running.server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: session },
        body: "{}",
      });
      expect(closed.status, path).toBe(404);
    }
  });
});
