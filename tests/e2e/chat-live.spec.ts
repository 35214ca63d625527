import type { Browser, Page, Request as PlaywrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { launchBrowser, openChat, openPage } from "#tests/helpers/browser.ts";
import { newDataDir, type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const staff = {
  email: "chat-admin@frontier.test",
  password: "a-long-chat-password-1",
  name: "Ada Chat",
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The staff account goes into the data directory before the server owns it.
  const dataDir = await newDataDir("frontier-chat-");
  const database = await openDatabase({ dataDir });
  await createStaffUser({ db: database.db }, { ...staff, role: "admin" });
  await database.close();
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/login?redirectTo=/admin/chat`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${server.url}/admin/chat`);
}

describe("live chat between a visitor and the team", () => {
  it("delivers both ways in real time and keeps the history on reload", async () => {
    const team = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const visitor = await openPage(browser, { viewport: { width: 1280, height: 800 } });

    await signIn(team.page);
    await team.page.getByText("You are online").waitFor();

    await visitor.page.goto(`${server.url}/services`);
    const dialog = await openChat(visitor.page);
    // The team's open screen is what makes the visitor see "online".
    await dialog.getByText("We're online").waitFor();

    const question = `Can you help with a VR showroom? (${Date.now()})`;
    await dialog.getByLabel("Your message").fill(question);
    // How fast it arrives is measured by `npm run bench` (chat delivery); here, that it does.
    await dialog.getByRole("button", { name: "Send", exact: true }).click();

    const inList = team.page.getByRole("link", { name: /Anonymous visitor.*VR showroom/ });
    await inList.waitFor();
    await expect(inList.textContent()).resolves.toContain("1 new");

    await inList.click();
    const thread = team.page.getByRole("list", { name: "Messages with Anonymous visitor" });
    await thread.getByText(question).waitFor();
    await team.page.getByLabel("Reply").fill("Yes! Ada here. Tell me more about the showroom.");
    await team.page.getByRole("button", { name: "Send reply" }).click();

    await dialog
      .getByText("Yes! Ada here. Tell me more about the showroom.")
      .waitFor({ timeout: budget(5000) });
    await dialog.getByText("Ada Chat").waitFor();

    // Staff link the visitor to a client from the open conversation; the link stays on reload.
    const linkMenu = team.page.getByLabel("Linked client");
    const client = (await linkMenu.locator("option").nth(1).textContent()) ?? "";
    expect(client).not.toBe("");
    await linkMenu.selectOption({ label: client });
    await team.page.getByRole("button", { name: "Save link" }).click();
    await team.page.getByText("Visitor linked to the client.").waitFor();
    await team.page.reload();
    await team.page.getByRole("link", { name: "Open client" }).waitFor();
    await expect(
      team.page
        .getByLabel("Linked client")
        .evaluate((menu) => (menu as HTMLSelectElement).selectedOptions[0]?.textContent),
    ).resolves.toBe(client);

    // Reload keeps the history, each message once.
    await visitor.page.reload();
    const log = visitor.page.getByRole("dialog", { name: "Chat with Frontier" }).getByRole("log");
    await log.getByText(question).waitFor();
    await log.getByText("Yes! Ada here. Tell me more about the showroom.").waitFor();
    await expect(log.getByText(question).count()).resolves.toBe(1);

    // Staff close the conversation, and it shows under Closed.
    await team.page.getByRole("button", { name: "Close", exact: true }).click();
    await team.page.getByText("Conversation closed.").waitFor();
    await team.page.getByRole("link", { name: "Closed", exact: true }).click();
    await team.page
      .getByRole("link", { name: /Closed.*|Ada here/ })
      .filter({ hasText: "Ada here" })
      .first()
      .waitFor();

    // Staff leaving makes the visitor's panel offline.
    await team.close();
    await log
      .page()
      .getByRole("dialog", { name: "Chat with Frontier" })
      .getByText("We're offline right now.")
      .waitFor({
        timeout: budget(20_000),
      });

    expect(visitor.errors).toEqual([]);
    expect(team.errors).toEqual([]);
    await visitor.close();
  });

  it("shows a signed-out team member a clear state instead of reconnecting", async () => {
    const team = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    let socketsOpened = 0;
    team.page.on("websocket", () => {
      socketsOpened++;
    });
    // The inbox reloads its data once its socket is open. Were that reload still on its way
    // when the session ends, it would rightly take the page to the sign-in form; the sign-out
    // below waits for it, so what is checked is the socket's own end.
    const reloads = { pending: 0, afterSocket: 0 };
    const afterSocket = new WeakSet<PlaywrightRequest>();
    const isInboxData = (request: PlaywrightRequest) =>
      request.method() === "GET" && new URL(request.url()).pathname === "/admin/chat.data";
    team.page.on("request", (request) => {
      if (!isInboxData(request)) return;
      reloads.pending++;
      if (socketsOpened > 0) afterSocket.add(request);
    });
    const settled = (request: PlaywrightRequest) => {
      if (!isInboxData(request)) return;
      reloads.pending--;
      if (afterSocket.has(request)) reloads.afterSocket++;
    };
    team.page.on("requestfinished", settled);
    team.page.on("requestfailed", settled);
    await signIn(team.page);
    await team.page.getByText("You are online").waitFor();
    expect(socketsOpened).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => reloads.afterSocket > 0 && reloads.pending === 0, { timeout: budget(30_000) })
      .toBe(true);

    // Signed out elsewhere (another tab, another instance): the open inbox is told at once.
    const cookie = (await team.context.cookies())
      .map((item) => `${item.name}=${item.value}`)
      .join("; ");
    const signOut = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url },
    });
    expect(signOut.status).toBe(302);

    await team.page.getByText("You are signed out, so new messages no longer arrive.").waitFor();
    // A socket that a slow machine dropped before is reopened, which is right; from here on,
    // none may be.
    const openedBeforeSignOut = socketsOpened;
    const signInAgain = team.page.getByRole("link", { name: "Sign in again" });
    await expect(signInAgain.getAttribute("href")).resolves.toBe("/login?redirectTo=/admin/chat");
    // Coming back online would reconnect a socket that is only interrupted; this one stays stopped.
    await team.page.evaluate(() => window.dispatchEvent(new Event("online")));
    await team.page.getByRole("status").filter({ hasText: "signed out" }).waitFor();
    expect(socketsOpened).toBe(openedBeforeSignOut);

    await signInAgain.click();
    await team.page.getByLabel("Email").waitFor();
    expect(team.errors).toEqual([]);
    await team.close();
  });
});
