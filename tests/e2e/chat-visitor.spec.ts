import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { leads } from "#server/db/schema/leads.ts";
import { launchBrowser, openChat, openPage } from "#tests/helpers/browser.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ keepData: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  if (server?.process.exitCode === null) await server.stop();
});

describe("the chat, as a visitor", () => {
  it("opens from the keyboard as a labelled dialog, and Escape returns focus to the button", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${server.url}/faq`);
    const dialog = await openChat(page, { useKeyboard: true });
    await expect(
      dialog.getByRole("log", { name: "Messages" }).getAttribute("aria-live"),
    ).resolves.toBe("polite");
    // Nobody is signed in to the command center: the panel says so and asks for an email.
    await dialog.getByText("We're offline right now.").waitFor();
    await page.waitForFunction(() => document.activeElement?.closest("#chat-panel") !== null);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute("aria-controls")),
    ).resolves.toBe("chat-panel");
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps the conversation across navigation and reload", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(server.url);
    const dialog = await openChat(page);
    const offline = dialog.getByRole("button", { name: "Send by email" });
    await offline.waitFor();
    // The offline form checks the email before anything is sent.
    await dialog.getByLabel("Message", { exact: true }).fill("Do you build mobile apps?");
    await offline.click();
    await dialog.getByText("Enter an email address so we can reply.").waitFor();
    await dialog.getByLabel("Email", { exact: true }).fill("visitor-nav@example.com");
    await offline.click();
    await dialog.getByText("Thanks! Your message is with the team.").waitFor();
    await dialog.getByText("We'll reply to visitor-nav@example.com by email.").waitFor();

    await dialog.getByLabel("Your message").fill("Also: what does a prototype cost?");
    await page.keyboard.press("Enter");
    await dialog.getByRole("log").getByText("Also: what does a prototype cost?").waitFor();
    await dialog.getByText("Sending…").waitFor({ state: "detached" });

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await page.waitForURL(`${server.url}/pricing`);
    await dialog.getByRole("log").getByText("Do you build mobile apps?").waitFor();

    await page.reload();
    const log = page.getByRole("dialog", { name: "Chat with Frontier" }).getByRole("log");
    await log.getByText("Do you build mobile apps?").waitFor();
    await log.getByText("Also: what does a prototype cost?").waitFor();
    await expect(log.getByText("Also: what does a prototype cost?").count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("offline mode takes an email and creates a lead", async () => {
    const { page, errors, close } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${server.url}/services`);
    const dialog = await openChat(page);
    await dialog.getByLabel("Name (optional)").fill("Offline Olga");
    await dialog.getByLabel("Email", { exact: true }).fill("olga@example.com");
    await dialog
      .getByLabel("Message", { exact: true })
      .fill("Please send me a quote for a web platform.");
    await dialog.getByRole("button", { name: "Send by email" }).click();
    await dialog.getByText("Thanks! Your message is with the team.").waitFor();
    // Where the reply goes is said once, not twice.
    await expect(dialog.getByText(/reply to olga@example\.com by email/).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await close();

    // The embedded database belongs to the server: look at it once the server has stopped.
    await server.stop();
    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      const rows = await database.db
        .select()
        .from(leads)
        .where(eq(leads.email, "olga@example.com"));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "Offline Olga",
        source: "chat",
        message: "Please send me a quote for a web platform.",
      });
    } finally {
      await database.close();
    }
  });
});
