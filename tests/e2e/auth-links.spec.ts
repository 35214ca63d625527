import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createStaff,
  loginAs,
  type ServerWithStaff,
  STAFF_PASSWORD,
  staffServerAndBrowser,
  unexpectedErrors,
  uniqueStaffEmail,
} from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

/**
 * The path of the Outbox link to `to` whose text is `linkText` (mail links carry PUBLIC_URL).
 * A reset mail is sent by a background job: the Outbox is read again until it is there.
 */
async function outboxLink(page: Page, server: ServerWithStaff, to: string, linkText: string) {
  const link = page.getByRole("link", { name: linkText }).first();
  await expect
    .poll(
      async () => {
        await page.goto(`${server.url}/admin/outbox?to=${encodeURIComponent(to)}`);
        return link.count();
      },
      { timeout: budget(20_000) },
    )
    .toBeGreaterThan(0);
  const href = await link.getAttribute("href");
  const url = new URL(href ?? "");
  return `${server.url}${url.pathname}${url.search}`;
}

describe("one-time links through the Outbox", () => {
  const running = staffServerAndBrowser();

  it("resets a forgotten password through the mailed link, once", async () => {
    const visitor = await openPage(running.browser);
    const account = running.server.staff.clientManager;
    await visitor.page.goto(`${running.server.url}/login`);
    await visitor.page.getByRole("link", { name: "Forgot password?" }).click();
    await visitor.page.getByRole("heading", { name: "Forgot password" }).waitFor();
    await visitor.page.getByLabel("Email").fill(account.email);
    await visitor.page.getByRole("button", { name: "Send reset link" }).click();
    await visitor.page.getByText("If an account exists for that email").first().waitFor();

    const admin = await openPage(running.browser);
    await loginAs(admin.page, running.server, "admin");
    const link = await outboxLink(
      admin.page,
      running.server,
      account.email,
      "Choose a new password",
    );

    await visitor.page.goto(link);
    await visitor.page.getByLabel("New password", { exact: true }).fill("short");
    await visitor.page.getByLabel("Repeat the new password").fill("short");
    await visitor.page.getByRole("button", { name: "Save new password" }).click();
    await visitor.page.getByText("Use at least 12 characters.").waitFor();

    const newPassword = "my new frontier password";
    await visitor.page.getByLabel("New password", { exact: true }).fill(newPassword);
    await visitor.page.getByLabel("Repeat the new password").fill(newPassword);
    await visitor.page.getByRole("button", { name: "Save new password" }).click();
    await visitor.page.waitForURL(/\/login$/);
    await loginAs(visitor.page, running.server, "clientManager", {
      ...account,
      password: newPassword,
    });

    const again = await openPage(running.browser);
    await again.page.goto(link);
    await again.page.getByText("expired or was already used").waitFor();
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await Promise.all([visitor.close(), admin.close(), again.close()]);
  });

  it("of two reset links, the older one says a newer one was sent and sets nothing", async () => {
    const account = await createStaff(running.server, "clientManager");
    const visitor = await openPage(running.browser);
    for (let i = 0; i < 2; i++) {
      await visitor.page.goto(`${running.server.url}/forgot-password`);
      await visitor.page.getByLabel("Email").fill(account.email);
      await visitor.page.getByRole("button", { name: "Send reset link" }).click();
      await visitor.page.getByText("If an account exists for that email").first().waitFor();
    }
    const admin = await openPage(running.browser);
    await loginAs(admin.page, running.server, "admin");
    // The Outbox lists the newest mail first.
    const links = admin.page.getByRole("link", { name: "Choose a new password" });
    await expect
      .poll(
        async () => {
          await admin.page.goto(
            `${running.server.url}/admin/outbox?to=${encodeURIComponent(account.email)}`,
          );
          return links.count();
        },
        { timeout: budget(20_000) },
      )
      .toBe(2);
    const pathOf = async (index: number) => {
      const url = new URL((await links.nth(index).getAttribute("href")) ?? "");
      return `${running.server.url}${url.pathname}${url.search}`;
    };
    const [newer, older] = [await pathOf(0), await pathOf(1)];

    await visitor.page.goto(older);
    await visitor.page.getByText("A newer reset link was sent after this one").waitFor();
    expect(await visitor.page.getByLabel("New password", { exact: true }).count()).toBe(0);
    await visitor.page.getByRole("link", { name: "Ask for a new link" }).waitFor();

    await visitor.page.goto(newer);
    await visitor.page.getByLabel("New password", { exact: true }).fill("the newest link works");
    await visitor.page.getByLabel("Repeat the new password").fill("the newest link works");
    await visitor.page.getByRole("button", { name: "Save new password" }).click();
    await visitor.page.waitForURL(/\/login$/);
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await Promise.all([visitor.close(), admin.close()]);
  });

  it("answers the same for an unknown email", async () => {
    const { page, close } = await openPage(running.browser);
    await page.goto(`${running.server.url}/forgot-password`);
    await page.getByLabel("Email").fill(uniqueStaffEmail("ghost"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account exists for that email").first().waitFor();
    await close();
  });

  it("invites a team member who accepts, sets a password and signs in as client manager", async () => {
    const admin = await openPage(running.browser);
    await loginAs(admin.page, running.server, "admin");
    await admin.page.goto(`${running.server.url}/admin/team`);
    const email = uniqueStaffEmail("invited");
    await admin.page.getByLabel("Email", { exact: true }).fill(email);
    await admin.page.getByLabel("Role", { exact: true }).selectOption("clientManager");
    await admin.page.getByRole("button", { name: "Send invitation" }).click();
    await admin.page.locator('[data-toast="success"]', { hasText: "Invitation mailed" }).waitFor();
    const link = await outboxLink(admin.page, running.server, email, "Accept the invitation");

    const invitee = await openPage(running.browser);
    await invitee.page.goto(link);
    await invitee.page.getByLabel("Name").fill("Iris Invitee");
    await invitee.page.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
    await invitee.page.getByLabel("Repeat the password").fill(STAFF_PASSWORD);
    await invitee.page.getByRole("button", { name: "Join the team" }).click();
    await invitee.page.waitForURL(/\/login/);
    await loginAs(invitee.page, running.server, "clientManager", {
      email,
      password: STAFF_PASSWORD,
      role: "clientManager",
    });
    await invitee.page.getByText("Iris Invitee · Client manager").waitFor();

    // The admin changes the new member's role from the team list.
    await admin.page.goto(`${running.server.url}/admin/team?q=${encodeURIComponent(email)}`);
    await admin.page.getByLabel(`Role of ${email}`).selectOption("none");
    await admin.page.locator('[data-toast="success"]', { hasText: "is now No access" }).waitFor();

    // The change is in the audit log, filtered by area.
    await admin.page.goto(`${running.server.url}/admin/audit?area=team`);
    await admin.page.getByRole("cell", { name: "invite" }).first().waitFor();
    await admin.page.getByRole("cell", { name: "set-role" }).first().waitFor();
    expect(unexpectedErrors(invitee.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await Promise.all([admin.close(), invitee.close()]);
  });

  it("disabling a member signs them out at once", async () => {
    const member = await openPage(running.browser);
    await loginAs(member.page, running.server, "none");
    const admin = await openPage(running.browser);
    await loginAs(admin.page, running.server, "admin");
    await admin.page.goto(
      `${running.server.url}/admin/team?q=${encodeURIComponent(running.server.staff.none.email)}`,
    );
    await admin.page.getByRole("button", { name: "Disable" }).click();
    const dialog = admin.page.getByRole("alertdialog");
    await dialog.waitFor();
    await admin.page.keyboard.press("Escape");
    await expect(dialog.count()).resolves.toBe(0);
    await admin.page.getByRole("button", { name: "Disable" }).click();
    await admin.page.getByRole("button", { name: "Disable account" }).click();
    await admin.page.locator('[data-toast="success"]', { hasText: "disabled" }).waitFor();

    await member.page.goto(`${running.server.url}/admin`);
    expect(new URL(member.page.url()).pathname).toBe("/login");
    await member.page.getByLabel("Email").fill(running.server.staff.none.email);
    await member.page
      .getByLabel("Password", { exact: true })
      .fill(running.server.staff.none.password);
    await member.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await member.page.locator('[data-toast="error"]', { hasText: "disabled" }).waitFor();
    await Promise.all([admin.close(), member.close()]);
  });
});
