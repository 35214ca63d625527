import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createStaff,
  loginAs,
  type ServerWithStaff,
  type StaffAccount,
  staffServerAndBrowser,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";
import { nextTotpCode, totpCode, wrongTotpCode } from "#tests/helpers/totp.ts";

/** Sets up two-factor sign-in on My account the way a person does; returns the key and codes. */
async function setUpTwoFactor(page: Page, server: ServerWithStaff, account: StaffAccount) {
  await page.goto(`${server.url}/admin/account`);
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const key = page.locator("#two-factor-key");
  await key.waitFor();
  const secret = (await key.textContent())?.trim() ?? "";
  const qr = page.getByRole("img", { name: /QR code of your two-factor key/ });
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const code = page.getByLabel("Code from your authenticator app");
  await code.fill(wrongTotpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByText("That code is not right").first().waitFor();
  await code.fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await list.waitFor();
  const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((text) =>
    text.trim(),
  );
  expect(recoveryCodes).toHaveLength(10);
  await page.getByText(/On: signing in with your password also asks for a code/).waitFor();
  return { secret, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL(/\/login/);
}

/** The password step; the page is left on the code screen. */
async function passwordStep(page: Page, server: ServerWithStaff, account: StaffAccount) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { name: "Enter your sign-in code" }).waitFor();
}

async function enterCode(page: Page, label: string, code: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("two-factor sign-in", () => {
  const running = staffServerAndBrowser();

  it("is set up from My account, then asks for a code or a recovery code at sign-in", async () => {
    const { server, browser } = running;
    const account = await createStaff(server, "clientManager");
    const opened = await openPage(browser);
    const { page } = opened;
    await loginAs(page, server, "clientManager", account);
    const { secret, recoveryCodes } = await setUpTwoFactor(page, server, account);
    await signOut(page);

    // The authenticator app's code: a wrong one is refused with a clear message.
    await passwordStep(page, server, account);
    await enterCode(page, "Code from your authenticator app", wrongTotpCode(secret));
    await page
      .locator('[data-toast="error"]', { hasText: "That code is not right" })
      .first()
      .waitFor();
    // The app's next code: the one that turned it on was used up (each code works once).
    await enterCode(page, "Code from your authenticator app", nextTotpCode(secret));
    await page.waitForURL(`${server.url}/admin`);
    await signOut(page);

    // A recovery code works once.
    await passwordStep(page, server, account);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await enterCode(page, "Recovery code", recoveryCodes[0]);
    await page.waitForURL(`${server.url}/admin`);
    await signOut(page);
    await passwordStep(page, server, account);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await enterCode(page, "Recovery code", recoveryCodes[0]);
    await page.getByText("it was used already").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/login/code");
    expect(unexpectedErrors(opened.errors)).toEqual([]);
    await opened.close();
  });
});

describe("two-factor sign-in required for all staff", () => {
  const running = staffServerAndBrowser();

  it("an admin turns the rule on; another staff member is taken to set it up first", async () => {
    const { server, browser } = running;
    const member = await createStaff(server, "clientManager");
    const admin = await openPage(browser);
    await loginAs(admin.page, server, "admin");
    await gotoHydrated(admin.page, `${server.url}/admin/team`);
    const rule = admin.page.getByLabel("Require two-factor sign-in for all staff");
    // Not before the admin has it: the rule would lock them out of their own screens.
    // (A click, not check(): the box is ticked only until the server's refusal arrives.)
    await rule.click();
    await admin.page
      .locator('[data-toast="error"]', { hasText: "for your own account first" })
      .waitFor();
    expect(await rule.isChecked()).toBe(false);
    await setUpTwoFactor(admin.page, server, server.staff.admin);
    await gotoHydrated(admin.page, `${server.url}/admin/team`);
    await rule.click();
    await admin.page
      .locator('[data-toast="success"]', { hasText: "now required for all staff" })
      .waitFor();
    expect(await rule.isChecked()).toBe(true);

    const other = await openPage(browser);
    await loginAs(other.page, server, "clientManager", member);
    await other.page.waitForURL(`${server.url}/admin/account`);
    await other.page.getByText("Your team requires two-factor sign-in.").first().waitFor();
    // Nothing else opens until it is set up.
    await other.page.goto(`${server.url}/admin/clients`);
    expect(new URL(other.page.url()).pathname).toBe("/admin/account");
    expect(
      await other.page
        .getByRole("navigation", { name: "Admin sections" })
        .getByRole("link")
        .count(),
    ).toBe(0);
    await setUpTwoFactor(other.page, server, member);
    await other.page.goto(`${server.url}/admin/clients`);
    expect(new URL(other.page.url()).pathname).toBe("/admin/clients");
    expect(unexpectedErrors(other.errors)).toEqual([]);
    await Promise.all([admin.close(), other.close()]);
  });
});
