import { createServer } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loginAs,
  type ServerWithStaff,
  startServerWithStaff,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";

/** A free TCP port: passkeys belong to PUBLIC_URL's host, so the server is told its address. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Chromium's virtual authenticator (a platform authenticator that always says yes). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe("passkeys", () => {
  let server: ServerWithStaff;
  let browser: Browser;
  // WebAuthn refuses IP addresses: the browser uses http://localhost, which PUBLIC_URL names.
  let site: ServerWithStaff;
  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startServerWithStaff({ env: { PORT: String(port), PUBLIC_URL: publicUrl } }),
      launchBrowser(),
    ]);
    site = { ...server, url: publicUrl };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("adds a named passkey on My account, signs in with it without a password, then removes it", async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    await addVirtualAuthenticator(page);
    await loginAs(page, site, "admin");
    await page.goto(`${site.url}/admin/account`);
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
    await page.getByText("No passkeys yet.").waitFor();
    // A passkey needs a name first.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.locator('[data-toast="error"]', { hasText: "Name the passkey" }).waitFor();
    await page.getByLabel("Name of the new passkey").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page
      .locator('[data-toast="success"]', { hasText: "Passkey “Test laptop” added." })
      .waitFor();
    await page.getByRole("list", { name: "Your passkeys" }).getByText("Test laptop").waitFor();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole("link", { name: "My account" }).waitFor();

    await page.goto(`${site.url}/admin/account`);
    await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    await page.locator('[data-toast="success"]', { hasText: "removed" }).waitFor();
    await page.getByText("No passkeys yet.").waitFor();

    // The authenticator still holds the credential, but the site no longer accepts it.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page
      .locator('[data-toast="error"]', { hasText: "This passkey is not registered here" })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    await loginAs(page, site, "admin");
    await page.goto(`${site.url}/admin/audit?area=account`);
    await page.getByRole("cell", { name: "add-passkey" }).first().waitFor();
    await page.getByRole("cell", { name: "remove-passkey" }).first().waitFor();
    expect(unexpectedErrors(opened.errors)).toEqual([]);
    await opened.close();
  });
});
