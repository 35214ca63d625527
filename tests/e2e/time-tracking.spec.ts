import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "#server/business/dates.ts";
import { dayLabel, shiftDay, weekStartOf } from "#shared/time.ts";
import { loginAs, unexpectedErrors } from "#tests/helpers/auth.ts";
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  waitForHydration,
} from "#tests/helpers/browser.ts";
import { CLIENT_AGENT, type MessagesStory, startMessagesStory } from "./portal-helpers";

// A week of time on a client's project: a timer started in one tab shows in the other and is
// stopped there; the week's hours are typed in the timesheet and become a draft invoice; an
// admin approves a client manager's week, which locks it for them; the client sees the hours
// used in the portal.

const DESKTOP = { width: 1440, height: 1000 };

let story: MessagesStory;
let browser: Browser;
let admin: OpenedPage;

// The staff accounts have no time zone of their own: their weeks are UTC weeks.
const weekStart = weekStartOf(todayIso());
const monday = weekStart;
const tuesday = shiftDay(weekStart, 1);

beforeAll(async () => {
  [story, browser] = await Promise.all([startMessagesStory(), launchBrowser()]);
  admin = await openPage(browser, { viewport: DESKTOP });
  await loginAs(admin.page, story.server, "admin");
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await story?.stop();
});

async function openTime(page: OpenedPage["page"]) {
  await page.goto(`${story.server.url}/admin/time`);
  await waitForHydration(page);
  // The stream is open: from here on another tab's change reaches this one.
  await page.locator('main[data-live="true"]').waitFor();
}

describe("time tracking", () => {
  it("shows a timer started in one tab in the other, and stops it there", async () => {
    const first = admin.page;
    const second = await admin.context.newPage();
    await openTime(first);
    await openTime(second);
    await first.locator("#timer-project").selectOption({ label: story.project.name });
    await first.getByLabel("Note").fill("Engine tables");
    await first.getByRole("button", { name: "Start timer" }).click();
    await first.getByTestId("timer-running").getByText(story.project.name).waitFor();
    // The other tab hears of it without being reloaded.
    await second.getByTestId("timer-running").getByText(story.project.name).waitFor();
    await second.getByRole("timer").waitFor();
    await second.getByRole("button", { name: "Stop and log" }).click();
    await second.getByRole("button", { name: "Start timer" }).waitFor();
    await first.getByRole("button", { name: "Start timer" }).waitFor();
    expect(await first.getByTestId("timer-running").count()).toBe(0);
    await second.close();
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });

  it("turns the week's hours, typed in the timesheet, into a draft invoice", async () => {
    const page = admin.page;
    const { url } = story.server;
    // The admin's billing rate in the project's currency.
    await page.goto(`${url}/admin/time/rates`);
    await waitForHydration(page);
    await page.getByLabel("Test admin's billing rate in USD").fill("150.00");
    const section = page.getByTestId("rates-person").filter({ hasText: "Test admin" });
    await section.getByRole("button", { name: "Save USD" }).click();
    await page.getByText("Rates in USD saved.").waitFor();

    await openTime(page);
    await page.getByLabel("Add a project").selectOption({ label: story.project.name });
    await page.getByRole("button", { name: "Add row" }).click();
    const mondayCell = page.getByLabel(`${story.project.name}, ${dayLabel(monday)}`);
    await mondayCell.waitFor();
    // Keyboard only: type, Enter saves and moves on; the arrow keys move between days.
    await mondayCell.click();
    await page.keyboard.type("2:30");
    await page.keyboard.press("Enter");
    await page.getByTestId("week-total").getByText("2:30").waitFor();
    await mondayCell.focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`${story.project.name}, ${dayLabel(tuesday)}`);
    await page.keyboard.type("1.5");
    await page.keyboard.press("Enter");
    await page.getByTestId("week-total").getByText("4:00").waitFor();

    await page
      .getByRole("navigation", { name: "Time pages" })
      .getByRole("link", { name: "Invoice hours" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Invoice hours" }).waitFor();
    await waitForHydration(page);
    await page.getByLabel("Project").selectOption({ label: story.project.name });
    await page.getByLabel("From").fill(weekStart);
    await page.getByLabel("To").fill(shiftDay(weekStart, 6));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("invoice-preview");
    await preview.getByText("Test admin").waitFor();
    await preview.getByText("4.00").waitFor();
    expect(await preview.getByTestId("preview-total").textContent()).toBe("$600.00");
    await preview.getByRole("button", { name: "Make the draft invoice" }).click();
    await page.waitForURL(/\/admin\/invoices\/edit\//);
    await page.getByText(/Draft INV-\d{4}-\d{4} made from 2 entries/).waitFor();

    // Billed hours are no longer typed over in the grid.
    await openTime(page);
    expect(
      await page.getByLabel(`${story.project.name}, ${dayLabel(monday)}`, { exact: true }).count(),
    ).toBe(0);
    await page.getByTestId("timesheet").getByText("2:30").first().waitFor();
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });

  it("approves a client manager's week, which locks it for them", async () => {
    const manager = await openPage(browser, { viewport: DESKTOP });
    try {
      await loginAs(manager.page, story.server, "clientManager");
      await openTime(manager.page);
      await manager.page.getByLabel("Add a project").selectOption({ label: story.project.name });
      await manager.page.getByRole("button", { name: "Add row" }).click();
      const cell = manager.page.getByLabel(`${story.project.name}, ${dayLabel(monday)}`);
      await cell.fill("1:00");
      await cell.press("Enter");
      await manager.page.getByTestId("week-total").getByText("1:00").waitFor();

      await openTime(admin.page);
      await admin.page.getByRole("link", { name: "Test clientManager" }).click();
      await admin.page.getByRole("button", { name: "Approve Test clientManager's week" }).click();
      await admin.page.getByTestId("week-approved").waitFor();
      await admin.page.getByText("Week approved: its time is locked for its author.").waitFor();

      // The open timesheet follows: the week is locked for its author.
      await manager.page
        .getByTestId("week-approved")
        .getByText(/ask an admin/)
        .waitFor();
      expect(
        await manager.page
          .getByLabel(`${story.project.name}, ${dayLabel(monday)}`, { exact: true })
          .count(),
      ).toBe(0);
      expect(await manager.page.getByRole("button", { name: "Add row" }).count()).toBe(0);
      expect(unexpectedErrors(manager.errors)).toEqual([]);
    } finally {
      await manager.close();
    }
  });

  it("shows the client the hours used against the budget, once the project opts in", async () => {
    const page = admin.page;
    await page.goto(`${story.server.url}/admin/projects/edit/${story.project.id}`);
    await waitForHydration(page);
    const panel = page.getByTestId("time-panel");
    await panel.getByTestId("burn-hours").getByText("5:00").waitFor();
    await panel.getByLabel("Budget in hours").fill("10");
    await panel.getByLabel("Show the hours used in the client portal").check();
    await panel.getByRole("button", { name: "Save time settings" }).click();
    await page.getByText("Time settings saved.").waitFor();
    await panel.getByTestId("burn-percent").getByText("50% used").waitFor();

    const client = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent: CLIENT_AGENT,
    });
    try {
      await client.page.goto(`${story.server.url}${story.invitationPath}`);
      await waitForHydration(client.page);
      await client.page.getByRole("button", { name: "Sign in to the portal" }).click();
      await client.page.waitForURL(`${story.server.url}/portal`);
      await client.page.goto(`${story.server.url}/portal/projects/${story.project.id}`);
      const hours = client.page.getByTestId("portal-hours");
      await hours.getByText("hours used of the 10:00 budgeted").waitFor();
      expect(await hours.getByTestId("portal-hours-used").textContent()).toBe("5:00");
      expect(unexpectedErrors(client.errors)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
