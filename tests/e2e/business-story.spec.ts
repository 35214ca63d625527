import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import {
  loginAs,
  type ServerWithStaff,
  startServerWithStaff,
  unexpectedErrors,
} from "#tests/helpers/auth.ts";
import { launchBrowser, type OpenedPage, openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { seriousViolations } from "./public-helpers";

/** The forms refuse anything sent faster than a person could (server/antispam). */
const HUMAN_PAUSE_MS = 3300;
/** A client's browser, not a link-preview bot (which must not count as a first view). */
const CLIENT_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const SHOTS = process.env.BUSINESS_SHOTS;

let server: ServerWithStaff;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerWithStaff({ env: { TRUST_PROXY: "1" } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The toast a redirect carried. */
async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

async function outboxText(page: Page, to: string) {
  await page.goto(`${server.url}/admin/outbox?to=${encodeURIComponent(to)}`);
  return (await page.locator("main").textContent()) ?? "";
}

describe("the business story", () => {
  it(
    "lead to client, proposal accepted, onboarding, invoice paid, dashboard updated",
    async () => {
      const unique = Math.random().toString(36).slice(2, 8);
      const person = `Ada Byron ${unique}`;
      const email = `ada-${unique}@client.example`;
      const company = `Analytical Engines ${unique}`;
      const client: OpenedPage = await openPage(browser, {
        userAgent: CLIENT_AGENT,
        extraHTTPHeaders: {
          "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        },
      });
      const staff: OpenedPage = await openPage(browser, { acceptDownloads: true });

      // 1. The client writes through the contact form: a lead.
      await client.page.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
      await client.page.getByLabel("Name", { exact: true }).fill(person);
      await client.page.getByLabel("Email", { exact: true }).fill(email);
      await client.page.getByLabel("Company (optional)").fill(company);
      await client.page.getByLabel("Service of interest").selectOption({ label: "Something else" });
      await client.page.getByLabel("Budget range").selectOption("50k-100k");
      await client.page.getByLabel("Timeline").selectOption("1-3-months");
      await client.page
        .getByLabel("Message")
        .fill("We want a web platform for our difference engines.");
      await client.page.waitForTimeout(HUMAN_PAUSE_MS);
      await client.page.getByRole("button", { name: "Send message" }).click();
      await client.page.getByText("Thanks for getting in touch!").waitFor();

      // 2. Staff convert the lead into a client in one step.
      await loginAs(staff.page, server, "clientManager");
      await staff.page.goto(`${server.url}/admin`);
      const before = await dashboardFigures(staff.page);
      await staff.page.goto(`${server.url}/admin/clients?tab=leads&q=${encodeURIComponent(email)}`);
      await shot(staff.page, "01-leads");
      await staff.page.getByRole("button", { name: `Convert ${person} to a client` }).click();
      await staff.page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
      await toast(staff.page, `${company} is now a client.`);
      expect(await staff.page.getByLabel("Company").inputValue()).toBe(company);
      await staff.page.getByTestId("client-timeline").getByText("We want a web platform").waitFor();
      await shot(staff.page, "02-client");

      // 3. A proposal: written, saved, sent.
      await staff.page.getByRole("link", { name: "New proposal" }).click();
      await staff.page.waitForURL(/\/admin\/proposals\/create/);
      await staff.page.getByLabel("Title").fill(`Engine platform ${unique}`);
      await staff.page.getByLabel("Scope").fill("## What we build\n\nA platform for **engines**.");
      await staff.page.getByLabel("Line 1 description").fill("Platform build");
      await staff.page.getByLabel("Line 1 quantity").fill("2");
      await staff.page.getByLabel("Line 1 unit price").fill("4500");
      await staff.page.getByLabel("Line 1 tax rate in percent").fill("20");
      await staff.page.getByLabel("Deposit on acceptance (%)").fill("25");
      await staff.page.getByTestId("document-total").getByText("$10,800.00").waitFor();
      // The currency follows the client; a discount shows its field and changes the total.
      expect(await staff.page.getByLabel("Currency").inputValue()).toBe("USD");
      await staff.page.getByLabel("Discount", { exact: true }).selectOption("percent");
      await staff.page.getByLabel("Discount (%)").fill("10");
      await staff.page
        .getByTestId("document-total")
        .getByText("$10,800.00")
        .waitFor({ state: "detached" });
      await staff.page.getByLabel("Discount", { exact: true }).selectOption("none");
      await staff.page.getByLabel("Discount (%)").waitFor({ state: "detached" });
      await staff.page.getByTestId("document-total").getByText("$10,800.00").waitFor();
      await shot(staff.page, "03-proposal-create");
      await staff.page.getByRole("button", { name: "Save draft" }).click();
      await staff.page.waitForURL(/\/admin\/proposals\/edit\//);
      await toast(staff.page, "Proposal saved as a draft.");
      await staff.page.getByRole("button", { name: "Save and send to client" }).click();
      await toast(staff.page, `Proposal sent to ${company}.`);
      await shot(staff.page, "04-proposal-sent");

      // The link comes from the mail in the Outbox (an admin's screen).
      const admin = await openPage(browser);
      await loginAs(admin.page, server, "admin");
      const mail = await outboxText(admin.page, email);
      expect(mail).toContain(`Proposal: Engine platform ${unique}`);
      const proposalPath = mail.match(/\/proposal\/[\w-]{32}/)?.[0];
      expect(proposalPath).toBeTruthy();

      // 4. The client opens it (first view recorded) and accepts.
      await client.page.goto(`${server.url}${proposalPath}`);
      await client.page.getByTestId("first-viewed").waitFor();
      expect(await client.page.getByTestId("proposal-total").textContent()).toBe("$10,800.00");
      await shot(client.page, "05-client-proposal");
      expect(await seriousViolations(client.page)).toEqual([]);
      await client.page.getByLabel("Your full name (your signature)").fill(person);
      await client.page.getByLabel(/I have read this proposal/).check();
      await client.page.getByRole("button", { name: "Accept proposal" }).click();
      await client.page.getByTestId("proposal-state").getByText(`Accepted by ${person}`).waitFor();
      // Staff (the admins, without STAFF_EMAIL) heard about the first view and the acceptance.
      const notices = await outboxText(admin.page, server.staff.admin.email);
      expect(notices).toContain(`Proposal opened: Engine platform ${unique}`);
      expect(notices).toContain(`Proposal accepted: Engine platform ${unique}`);
      await client.page.getByRole("link", { name: "Start onboarding" }).click();
      await client.page.waitForURL(/\/onboarding\/[\w-]{32}/);

      // 5. Onboarding, step by step, with a brand file.
      await client.page.getByTestId("no-passwords").waitFor();
      const next = async (title: string) => {
        await client.page.getByRole("button", { name: "Save and continue" }).click();
        await client.page.getByRole("heading", { name: title, level: 2 }).waitFor();
      };
      await client.page.getByLabel("Company name (required)").fill(company);
      // Leaving a field saves it: a reload keeps the answer.
      await client.page.getByLabel("Website").focus();
      await client.page.getByTestId("autosave-state").getByText("All changes saved").waitFor();
      await client.page.reload();
      expect(await client.page.getByLabel("Company name (required)").inputValue()).toBe(company);
      await next("Primary contact");
      await client.page.getByLabel("Full name (required)").fill(person);
      // A refused answer is explained at its field as soon as the client leaves it.
      await client.page.getByLabel("Email (required)").fill("not-an-email");
      await client.page.getByLabel("Full name (required)").focus();
      await client.page.getByText("Enter a valid email address.").waitFor();
      expect(await client.page.getByLabel("Email (required)").getAttribute("aria-invalid")).toBe(
        "true",
      );
      // Clicking "Save and continue" straight from a changed field saves it twice at once
      // (leaving the field, and the form): the step still moves on and says so.
      await client.page.getByLabel("Email (required)").fill(email);
      const saved = client.page.locator("[data-toast]", { hasText: "Progress saved." });
      await expect.poll(() => saved.count(), { timeout: budget(10_000) }).toBe(0);
      await next("Goals");
      await saved.first().waitFor();
      await client.page
        .getByLabel("What should this project achieve? (required)")
        .fill("Run engines online.");
      await next("Target audience");
      await client.page
        .getByLabel("Who are your users or customers? (required)")
        .fill("Mathematicians.");
      await next("Brand assets");
      await client.page.getByLabel("Add a file (PDF or image, up to 10 MB)").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
      });
      await client.page.getByRole("button", { name: "Upload" }).click();
      await client.page.getByTestId("onboarding-files").getByText("logo.png").waitFor();
      await shot(client.page, "06-onboarding-brand");
      expect(await seriousViolations(client.page)).toEqual([]);
      await next("Existing systems and access");
      await next("Timeline constraints");
      await next("Review and submit");
      await client.page.getByRole("button", { name: "Submit onboarding" }).click();
      await client.page.getByTestId("onboarding-done").waitFor();

      // 6. Staff see the project active with its onboarding and file.
      await staff.page.goto(`${server.url}/admin/projects?q=${encodeURIComponent(unique)}`);
      await staff.page.getByRole("link", { name: `Engine platform ${unique}` }).click();
      await staff.page.getByTestId("onboarding-state").getByText("Completed").waitFor();
      await staff.page.getByRole("link", { name: "logo.png" }).waitFor();
      await shot(staff.page, "07-project");

      // 7. An invoice: issued, sent, its PDF downloaded, paid.
      await staff.page.getByRole("link", { name: "New invoice" }).click();
      await staff.page.waitForURL(/\/admin\/invoices\/create/);
      await staff.page.getByLabel("Line 1 description").fill("Build, first half");
      await staff.page.getByLabel("Line 1 quantity").fill("1");
      await staff.page.getByLabel("Line 1 unit price").fill("3375.50");
      await staff.page.getByLabel("Line 1 tax rate in percent").fill("20");
      await staff.page.getByRole("button", { name: "Save draft" }).click();
      await staff.page.waitForURL(/\/admin\/invoices\/edit\//);
      // The address changes a moment before the new screen renders: wait for its heading.
      const heading = staff.page.getByRole("heading", { level: 1, name: /^Invoice INV-/ });
      await heading.waitFor();
      const number = ((await heading.textContent()) ?? "").replace("Invoice ", "");
      expect(number).toMatch(/^INV-\d{4}-\d{4}$/);
      await staff.page.getByRole("button", { name: "Send to client" }).click();
      await toast(staff.page, `${number} sent to ${company} with its PDF.`);
      const total = await staff.page.getByTestId("invoice-total").textContent();
      expect(total).toBe("$4,050.60");
      const download = staff.page.waitForEvent("download");
      await staff.page.getByRole("link", { name: "Download PDF" }).click();
      const file = await (await download).path();
      const pdf = Buffer.from(await import("node:fs/promises").then((fs) => fs.readFile(file)));
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.subarray(-8).toString()).toContain("%%EOF");
      expect(extractPdfText(pdf)).toContain(total);
      expect(extractPdfText(pdf)).toContain(number);
      await staff.page.getByLabel("Method").selectOption("card");
      await staff.page.getByRole("button", { name: "Record payment" }).click();
      await toast(staff.page, `${number} is paid in full.`);
      await staff.page.getByTestId("payments").waitFor();
      await shot(staff.page, "08-invoice-paid");
      expect(await seriousViolations(staff.page)).toEqual([]);

      // 8. The dashboard moved.
      await staff.page.goto(`${server.url}/admin`);
      await shot(staff.page, "09-dashboard");
      expect(await seriousViolations(staff.page)).toEqual([]);
      const after = await dashboardFigures(staff.page);
      expect(after.accepted).toBe(before.accepted + 1);
      expect(after.revenueUsd).toBeGreaterThanOrEqual(before.revenueUsd + 405_060);

      expect(admin.errors).toEqual([]);
      await admin.close();
      // The one refused answer (the malformed email) is a 400 on purpose.
      expect(unexpectedErrors(client.errors)).toEqual([]);
      expect(staff.errors).toEqual([]);
      await client.close();
      await staff.close();
    },
    budget(180_000),
  );
});

/** The dashboard's figures, read from the data attributes it renders. */
async function dashboardFigures(page: Page) {
  const read = async (name: string) =>
    Number(
      (await page.locator(`[data-figure="${name}"]`).first().getAttribute("data-value")) ?? "0",
    );
  return {
    accepted: await read("proposals-accepted"),
    revenueUsd: await read("revenue-this-month-USD"),
  };
}
