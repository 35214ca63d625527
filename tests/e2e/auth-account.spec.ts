import { describe, expect, it } from "vitest";
import {
  createStaff,
  loginAs,
  signInCookie,
  staffServerAndBrowser,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";

describe("my account", () => {
  const running = staffServerAndBrowser();

  it("changes the password after refusing a wrong current one, a short one and a mismatch, and signs out the other sessions", async () => {
    const account = await createStaff(running.server, "clientManager");
    const here = await openPage(running.browser);
    const elsewhere = await openPage(running.browser);
    await loginAs(here.page, running.server, "clientManager", account);
    await loginAs(elsewhere.page, running.server, "clientManager", account);

    const { page } = here;
    // Each refusal is said at its field (and in a toast).
    const form = page.getByRole("main");
    await page.goto(`${running.server.url}/admin/account`);
    await page.getByRole("heading", { name: "Change password" }).waitFor();
    const current = page.getByLabel("Current password");
    const fresh = page.getByLabel("New password", { exact: true });
    const repeat = page.getByLabel("Repeat the new password");
    const submit = page.getByRole("button", { name: "Change password" });
    // The browser states the allowed length; the server decides.
    expect(await fresh.getAttribute("minlength")).toBe("12");

    await current.fill("not my password at all");
    await fresh.fill("a brand new passphrase");
    await repeat.fill("a brand new passphrase");
    await submit.click();
    await form.getByText("Your current password is not right.").waitFor();
    expect(await current.getAttribute("aria-invalid")).toBe("true");

    await current.fill(account.password);
    await fresh.fill("short");
    await repeat.fill("short");
    await submit.click();
    await form.getByText("Use at least 12 characters.").waitFor();

    await fresh.fill("a brand new passphrase");
    await repeat.fill("a brand new passphrase!");
    await submit.click();
    await form.getByText("The two passwords do not match.").waitFor();
    // Nothing changed so far: the old password still signs in.
    await expect(signInCookie(running.server, account)).resolves.toBeTruthy();

    await repeat.fill("a brand new passphrase");
    await submit.click();
    await page
      .locator("[data-toast]", {
        hasText: "Your password is changed. Your other sessions are signed out.",
      })
      .waitFor();

    // This session stays; the other one is signed out at once.
    await page.goto(`${running.server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin");
    await elsewhere.page.goto(`${running.server.url}/admin`);
    expect(new URL(elsewhere.page.url()).pathname).toBe("/login");

    await expect(signInCookie(running.server, account)).rejects.toThrow(/sign-in as .* failed/);
    const renewed = { ...account, password: "a brand new passphrase" };
    await expect(signInCookie(running.server, renewed)).resolves.toBeTruthy();
    expect(unexpectedErrors(here.errors)).toEqual([]);
    await here.close();
    await elsewhere.close();
  });
});
