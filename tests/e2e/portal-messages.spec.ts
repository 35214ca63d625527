import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import { MONTH_NAMES } from "#shared/months.ts";
import { loginAs, unexpectedErrors } from "#tests/helpers/auth.ts";
import { launchBrowser, openPage, waitForHydration } from "#tests/helpers/browser.ts";
import { CLIENT_AGENT, type MessagesStory, startMessagesStory } from "./portal-helpers";
import { seriousViolations } from "./public-helpers";

// The rest of the client's month: the contact writes to the team about their project and
// sees the answer arrive while the page stays open (staff answer from the inbox in another
// browser); staff set up a monthly retainer and the job's first invoice reaches the portal,
// where the contact opens and downloads it.

const SHOTS = process.env.PORTAL_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let story: MessagesStory;
let browser: Browser;

beforeAll(async () => {
  [story, browser] = await Promise.all([startMessagesStory(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await story?.stop();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${screen} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
}

describe("messages and a retainer in the client portal", () => {
  it("a question answered from the inbox arrives live; the retainer's first invoice is opened and downloaded", async () => {
    const { server, contact, project, company } = story;
    const client = await openPage(browser, {
      viewport: PHONE,
      userAgent: CLIENT_AGENT,
      acceptDownloads: true,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.77" },
    });
    const staff = await openPage(browser, { viewport: DESKTOP });

    // 1. The contact signs in with the invitation and opens Messages.
    await client.page.goto(`${server.url}${story.invitationPath}`);
    await waitForHydration(client.page);
    await client.page.getByRole("button", { name: "Sign in to the portal" }).click();
    await client.page.waitForURL(`${server.url}/portal`);
    await client.page
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "Messages" })
      .click();
    await client.page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    const threads = client.page.getByTestId("threads");
    await threads.getByText("No messages yet. Start the conversation.").waitFor();
    await expectAccessible(client.page, "messages");
    await shot(client.page, "11-messages-phone");

    // 2. They write to the team about the project.
    await threads.getByRole("link", { name: new RegExp(project.name) }).click();
    await client.page.getByRole("heading", { level: 1, name: project.name }).waitFor();
    await waitForHydration(client.page);
    await client.page.getByTestId("thread-empty").waitFor();
    await expectAccessible(client.page, "thread (empty)");
    await client.page.getByRole("button", { name: "Send message" }).click();
    await client.page.getByRole("alert").getByText("Write a message first.").waitFor();
    const question = "Could the engine print its tables too?\nWe would like Spanish first.";
    await client.page.getByLabel("Your message").fill(question);
    await client.page.getByRole("button", { name: "Send message" }).click();
    const thread = client.page.getByTestId("thread");
    await thread.locator('li[data-author="contact"]', { hasText: "print its tables" }).waitFor();
    expect(await client.page.getByLabel("Your message").inputValue()).toBe("");
    await client.page.locator('[data-portal-live="on"]').waitFor();
    await client.page.evaluate(() => {
      (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });

    // 3. Staff see it in the inbox under Clients, unread, and answer it there.
    await loginAs(staff.page, server, "admin");
    await staff.page.goto(`${server.url}/admin/chat`);
    await waitForHydration(staff.page);
    const filters = staff.page.getByRole("navigation", { name: "Conversation filter" });
    await filters.getByTestId("clients-unread").getByText("1").waitFor();
    await filters.getByRole("link", { name: /^Clients/ }).click();
    const row = staff.page
      .getByTestId("client-threads")
      .getByRole("link", { name: new RegExp(company) });
    await row.getByText("1 new").waitFor();
    await row.click();
    const staffThread = staff.page.getByTestId("client-thread");
    await staffThread.getByText("We would like Spanish first.").waitFor();
    // Opening it read it: the unread count is gone.
    await filters.getByTestId("clients-unread").waitFor({ state: "detached" });
    const answer = "Yes: tables print from the next release. Spanish is planned for May.";
    await staff.page.getByLabel("Answer the client").fill(answer);
    await staff.page.getByRole("button", { name: "Send to the client" }).click();
    await staffThread
      .locator('li[data-author="staff"]', { hasText: "Spanish is planned" })
      .waitFor();
    await shot(staff.page, "13-inbox-clients-desktop");

    // 4. The contact's open page shows the answer without reloading.
    await thread.locator('li[data-author="staff"]', { hasText: "Spanish is planned" }).waitFor();
    expect(
      await client.page.evaluate(
        () => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage,
      ),
    ).toBe(true);
    await thread.getByText(/\(Frontier team\)/).waitFor();
    await expectAccessible(client.page, "thread");
    await shot(client.page, "12-thread-phone");
    // Read on screen: the staff side says so, live too.
    await staffThread.getByText("Seen by the client").waitFor();
    await staff.page.setViewportSize(PHONE);
    await expectAccessible(staff.page, "inbox, Clients");
    await shot(staff.page, "16-inbox-clients-phone");
    await staff.page.setViewportSize(DESKTOP);

    // 5. Staff set up a monthly retainer from this month; the job issues and sends its invoice.
    await client.page
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "Invoices" })
      .click();
    await client.page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
    await client.page.getByText("No invoices yet.").waitFor();
    await staff.page.goto(`${server.url}/admin/projects/edit/${project.id}`);
    await waitForHydration(staff.page);
    const retainer = staff.page.getByTestId("retainer");
    await retainer.getByLabel("Amount each period").fill("2,000.00");
    await retainer.getByLabel("Issue on day").fill("1");
    await retainer.getByLabel("Invoice line").fill("Engine care retainer");
    await retainer.getByRole("button", { name: "Start retainer" }).click();
    await staff.page
      .getByText("Retainer set up. Its invoices go out by themselves.")
      .first()
      .waitFor();
    await retainer.getByTestId("retainer-terms").getByText("$2,000.00 every month").waitFor();

    // 6. The contact's Invoices page shows it as soon as it is sent; they open and download it.
    const month = MONTH_NAMES[new Date().getUTCMonth()];
    const year = new Date().getUTCFullYear();
    const invoiceLink = client.page.getByRole("link", { name: /^INV-\d{4}-\d{4}$/ });
    await invoiceLink.waitFor();
    await client.page.getByTestId("amount-due").getByText("Due now: $2,000.00").waitFor();
    const number = (await invoiceLink.textContent()) ?? "";
    await invoiceLink.click();
    await client.page.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
    await client.page.getByText(`Engine care retainer: ${month} ${year}`).waitFor();
    await expectAccessible(client.page, "retainer invoice");
    const saved = client.page.waitForEvent("download");
    await client.page.getByRole("link", { name: "Download PDF" }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const text = extractPdfText(await readFile(await file.path()));
    expect(text).toContain(`Engine care retainer: ${month} ${year}`);
    expect(text).toContain("$2,000.00");

    // The project page in the portal names the retainer and its next invoice.
    await client.page.goto(`${server.url}/portal/projects/${project.id}`);
    await client.page
      .getByTestId("portal-retainer")
      .getByText(/^Retainer: \$2,000\.00 every month; next invoice /)
      .waitFor();

    // 7. The project page lists the period with its sent invoice and what comes next.
    await staff.page.reload();
    await retainer.getByTestId("retainer-periods").getByRole("link", { name: number }).waitFor();
    await retainer
      .getByTestId("retainer-next")
      .getByText(/^Next: /)
      .waitFor();
    await shot(staff.page, "15-admin-retainer");
    await client.page.setViewportSize(DESKTOP);
    await client.page.goto(`${server.url}/portal/messages/${project.id}`);
    await client.page.getByRole("heading", { level: 1, name: project.name }).waitFor();
    await shot(client.page, "14-thread-desktop");

    expect(unexpectedErrors(client.errors)).toEqual([]);
    expect(unexpectedErrors(staff.errors)).toEqual([]);
    await Promise.all([client.close(), staff.close()]);
    expect(contact.email).toContain("@client.example");
  });
});
