/**
 * The client field once an agency has more clients than a menu holds (decision 807): it
 * searches by company name as it is typed, the chosen client's currency follows, and a record
 * whose client sorts past the first 500 still shows it when edited. The search answers staff
 * only.
 */
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_MENU_LIMIT } from "#server/clients/choices.ts";
import { openDatabase } from "#server/db/client.ts";
import { chatConversations } from "#server/db/schema/chat.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  loginAs,
  type ServerWithStaff,
  startServerWithStaff,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { newDataDir } from "#tests/helpers/server.ts";

const LATE_CLIENT = "Zephyr Orbital Works";

let dataDir: string;
let conversationId: string;
let server: ServerWithStaff;
let browser: Browser;

beforeAll(async () => {
  dataDir = await newDataDir("frontier-picker-");
  const database = await openDatabase({ dataDir });
  try {
    // More clients than the menu lists, all sorting before the one the test looks for.
    const many = Array.from({ length: CLIENT_MENU_LIMIT + 20 }, (_, index) => ({
      company: `Acme ${String(index).padStart(4, "0")}`,
    }));
    await database.db.insert(clients).values(many);
    await database.db.insert(clients).values({ company: LATE_CLIENT, currency: "EUR" });
    const [conversation] = await database.db
      .insert(chatConversations)
      .values({ visitorId: "picker-visitor", visitorName: "Pat Picker" })
      .returning({ id: chatConversations.id });
    conversationId = conversation.id;
  } finally {
    await database.close();
  }
  [server, browser] = await Promise.all([startServerWithStaff({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the client field with more clients than a menu holds", () => {
  it("finds a client by typing part of its name, and keeps it when the record is edited", async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await loginAs(page, server, "admin");
      await gotoHydrated(page, `${server.url}/admin/projects/create`);
      const field = page.getByRole("combobox", { name: "Client" });
      await field.fill("orbital");
      await page.getByRole("option", { name: LATE_CLIENT }).click();
      expect(await field.inputValue()).toBe(LATE_CLIENT);
      // The chosen client's currency follows, as it does with the menu.
      await page.getByLabel("Budget (EUR)").waitFor();

      await page.getByLabel("Name").fill("Orbital dashboard");
      await page.getByRole("button", { name: "Create project" }).click();
      await page.waitForURL(/\/admin\/projects\/edit\//);
      await page.getByText("Project created.").waitFor();
      expect(await page.getByRole("combobox", { name: "Client" }).inputValue()).toBe(LATE_CLIENT);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("says when no client's name holds the text, and a search takes its text literally", async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await loginAs(page, server, "admin");
      await gotoHydrated(page, `${server.url}/admin/projects/create`);
      const field = page.getByRole("combobox", { name: "Client" });
      await field.fill("%");
      await page.getByText("No client's name has a word starting with “%”.").waitFor();
      await field.fill("%zq");
      await page.getByText("No client's name holds “%zq”.").waitFor();
      await field.fill("acme 051");
      await page.getByRole("option", { name: "Acme 0519" }).waitFor();
      const listed = page.getByRole("listbox", { name: "Clients" }).getByRole("option");
      expect(await listed.count()).toBe(10);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("adds a client to those a client manager looks after by searching, and removes it", async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await loginAs(page, server, "admin");
      await gotoHydrated(page, `${server.url}/admin/time/rates`);
      const manager = page
        .getByTestId("rates-person")
        .filter({ has: page.getByRole("heading", { name: /Test clientManager/ }) });
      await manager.getByText("None yet.").waitFor();
      // Past the menu's size the page lists no box per client, only the ones looked after.
      expect(await manager.getByRole("checkbox").count()).toBe(0);
      await manager.getByRole("combobox", { name: "Add a client" }).fill("zephyr");
      await page.getByRole("option", { name: LATE_CLIENT }).click();
      await manager.getByRole("button", { name: "Save clients" }).click();
      await page.getByText("Clients saved.").waitFor();
      const box = manager.getByRole("checkbox", { name: LATE_CLIENT });
      expect(await box.isChecked()).toBe(true);

      await box.uncheck();
      await manager.getByRole("button", { name: "Save clients" }).click();
      await box.waitFor({ state: "detached" });
      await manager.getByText("None yet.").waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("links a chat visitor to a client found by name, and shows the link again", async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await loginAs(page, server, "admin");
      await gotoHydrated(page, `${server.url}/admin/chat?c=${conversationId}`);
      const field = page.getByRole("combobox", { name: "Linked client" });
      await field.fill("orbital");
      await page.getByRole("option", { name: LATE_CLIENT }).click();
      await page.getByRole("button", { name: "Save link" }).click();
      await page.getByText("Visitor linked to the client.").waitFor();
      await page.getByRole("link", { name: "Open client" }).waitFor();
      // A fresh load lists the linked client though it sorts past the menu's 500.
      await gotoHydrated(page, `${server.url}/admin/chat?c=${conversationId}`);
      expect(await page.getByRole("combobox", { name: "Linked client" }).inputValue()).toBe(
        LATE_CLIENT,
      );
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("answers the search to staff only", async () => {
    const anonymous = await fetch(`${server.url}/admin/clients/choices.data?q=zephyr`, {
      redirect: "manual",
    });
    expect(await anonymous.text()).not.toContain(LATE_CLIENT);
    expect([202, 302, 303]).toContain(anonymous.status);
  });
});
