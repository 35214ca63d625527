import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractPdfText } from "#server/business/pdf.ts";
import { loginAs, signInCookie, unexpectedErrors } from "#tests/helpers/auth.ts";
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  waitForHydration,
} from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import {
  CLIENT_AGENT,
  type PortalStory,
  portalLinkFromOutbox,
  startPortalStory,
} from "./portal-helpers";
import { seriousViolations } from "./public-helpers";

// A month with the client portal: staff invite a contact; the contact signs in by the
// mailed link on a phone, accepts a proposal, finishes onboarding, watches a milestone
// turn done while the page stays open, and downloads an invoice and statements.

const SHOTS = process.env.PORTAL_SHOTS;
const PHONE = { width: 390, height: 844 };

let story: PortalStory;
let browser: Browser;

beforeAll(async () => {
  [story, browser] = await Promise.all([startPortalStory(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await story?.stop();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** axe at phone width: no serious or critical violation on this screen. */
async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${screen} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
}

/**
 * The file a click downloads, and the content type the server gives it (asked again
 * with the page's own cookies: a download's answer is not reported as a response). A GET,
 * so it is sent again if a loaded machine's client reuses a connection the server just closed.
 */
async function download(page: Page, click: () => Promise<void>) {
  const saved = page.waitForEvent("download");
  await click();
  const file = await saved;
  const again = await page.request.get(file.url(), { maxRetries: 2 });
  return {
    contentType: again.headers()["content-type"] ?? "",
    disposition: again.headers()["content-disposition"] ?? "",
    bytes: await readFile(await file.path()),
    name: file.suggestedFilename(),
    url: file.url(),
  };
}

describe("a month in the client portal", () => {
  it(
    "invite, sign in by mail, accept, onboard, follow a milestone live, download invoice and statements",
    async () => {
      const { server, contact, company } = story;
      const staff: OpenedPage = await openPage(browser);
      const admin: OpenedPage = await openPage(browser);
      const client: OpenedPage = await openPage(browser, {
        viewport: PHONE,
        userAgent: CLIENT_AGENT,
        acceptDownloads: true,
        extraHTTPHeaders: {
          "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        },
      });

      // 1. Staff invite the contact from the client page.
      await loginAs(staff.page, server, "clientManager");
      await loginAs(admin.page, server, "admin");
      await staff.page.goto(`${server.url}/admin/clients/${story.clientId}`);
      await waitForHydration(staff.page);
      const access = staff.page.getByTestId("portal-access");
      await access.getByText("Never invited").waitFor();
      await access.getByRole("button", { name: `Invite to the portal (${contact.name})` }).click();
      await staff.page.getByText(`Portal invitation sent to ${contact.email}.`).first().waitFor();
      await access.getByText(/Invited .*; not signed in yet/).waitFor();

      // 2. The contact opens the mailed link on their phone and confirms (a mail scanner's GET signs nobody in).
      const link = await portalLinkFromOutbox(admin.page, server.url, contact.email);
      await client.page.goto(link);
      await waitForHydration(client.page);
      await client.page.getByRole("heading", { name: `Continue as ${contact.name}` }).waitFor();
      await expectAccessible(client.page, "sign-in link");
      await shot(client.page, "01-sign-in");
      // Keyboard only: the confirm button is reached with Tab and pressed with Enter.
      await client.page.getByRole("button", { name: "Sign in to the portal" }).focus();
      await client.page.keyboard.press("Enter");
      await client.page.waitForURL(`${server.url}/portal`);
      await client.page.getByRole("heading", { name: "Hello Ada" }).waitFor();
      const attention = client.page.getByTestId("attention");
      await attention.getByText("Proposal to review").waitFor();
      await expectAccessible(client.page, "home");
      await shot(client.page, "02-home-phone");

      // The portal's sections are reachable with the keyboard, after the skip link.
      await client.page.keyboard.press("Tab");
      expect(await client.page.evaluate(() => document.activeElement?.textContent)).toBe(
        "Skip to content",
      );
      const reached: string[] = [];
      for (let step = 0; step < 8 && !reached.includes("Invoices"); step++) {
        await client.page.keyboard.press("Tab");
        reached.push(
          (await client.page.evaluate(() => document.activeElement?.textContent?.trim())) ?? "",
        );
      }
      expect(reached).toEqual(
        expect.arrayContaining(["Home", "Proposals", "Projects", "Invoices"]),
      );

      // 3. The proposal: reviewed and accepted as the signed-in contact.
      await attention.getByRole("link", { name: /Proposal to review/ }).click();
      await client.page.getByRole("heading", { level: 1, name: story.proposal.title }).waitFor();
      await client.page
        .getByText(`You are signed in as ${contact.name} (${contact.email})`)
        .waitFor();
      await expectAccessible(client.page, "proposal");
      await shot(client.page, "03-proposal");
      await client.page.getByLabel("Your full name (your signature)").fill(contact.name);
      await client.page.getByLabel(/I have read this proposal/).check();
      await client.page.getByRole("button", { name: "Accept proposal" }).click();
      await client.page
        .getByTestId("proposal-state")
        .getByText(`Accepted by ${contact.name}`)
        .waitFor();
      const signed = await download(client.page, () =>
        client.page.getByRole("link", { name: "Download the signed PDF" }).click(),
      );
      expect(signed.contentType).toBe("application/pdf");
      expect(signed.disposition).toMatch(/^attachment; filename=".+-signed\.pdf"$/);
      const signedText = extractPdfText(signed.bytes);
      expect(signedText).toContain("Acceptance record");
      expect(signedText).toContain(`${contact.email} (client portal)`);
      expect(signedText).toMatch(/[0-9a-f]{64}/);

      // 4. Onboarding, step by step, in the portal.
      await client.page.getByRole("link", { name: "Start onboarding" }).click();
      await client.page.waitForURL(/\/portal\/projects\/[\w-]+\/onboarding/);
      const projectId = client.page.url().match(/projects\/([\w-]+)\/onboarding/)?.[1] ?? "";
      await client.page.getByRole("heading", { name: "Company details" }).waitFor();
      await waitForHydration(client.page);
      await expectAccessible(client.page, "onboarding");
      await shot(client.page, "04-onboarding");
      // Leaving a field saves it, as on the mailed form.
      await client.page.getByLabel("Company name (required)").fill(company);
      await client.page.keyboard.press("Tab");
      await client.page.getByTestId("autosave-state").getByText("All changes saved").waitFor();
      const steps: Array<[string, Array<[string, string]>]> = [
        ["Company details", [["Company name (required)", company]]],
        [
          "Primary contact",
          [
            ["Full name (required)", contact.name],
            ["Email (required)", contact.email],
          ],
        ],
        [
          "Goals",
          [["What should this project achieve? (required)", "Run the engines from anywhere."]],
        ],
        ["Target audience", [["Who are your users or customers? (required)", "Mathematicians."]]],
        ["Brand assets", []],
        ["Existing systems and access", []],
        ["Timeline constraints", []],
      ];
      for (const [title, fields] of steps) {
        await client.page.getByRole("heading", { name: title }).waitFor();
        for (const [label, value] of fields) await client.page.getByLabel(label).fill(value);
        await client.page.getByRole("button", { name: "Save and continue" }).click();
        await client.page.getByRole("heading", { name: title }).waitFor({ state: "detached" });
      }
      await client.page.getByRole("button", { name: "Submit onboarding" }).click();
      await client.page
        .getByText("Thank you! We have everything we need to start.")
        .first()
        .waitFor();

      // 5. Staff add a milestone; with the project page open on the phone, they mark it done.
      await staff.page.goto(`${server.url}/admin/projects/edit/${projectId}`);
      await waitForHydration(staff.page);
      await staff.page.getByLabel("New milestone").fill("Design approved");
      await staff.page.getByRole("button", { name: "Add milestone" }).click();
      await staff.page.getByRole("button", { name: "Mark done Design approved" }).waitFor();

      await client.page.goto(`${server.url}/portal/projects/${projectId}`);
      await waitForHydration(client.page);
      const milestone = client.page
        .getByTestId("milestones")
        .getByRole("listitem")
        .filter({ hasText: "Design approved" });
      await milestone.waitFor();
      expect(await milestone.getAttribute("data-done")).toBe("no");
      await client.page.locator('[data-portal-live="on"]').waitFor();
      await expectAccessible(client.page, "project");
      await client.page.evaluate(() => {
        (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
      });
      await staff.page.getByRole("button", { name: "Mark done Design approved" }).click();
      await staff.page
        .getByText("Milestone marked done. The client sees it now.")
        .first()
        .waitFor();
      await client.page
        .locator('[data-testid="milestones"] li[data-done="yes"]', { hasText: "Design approved" })
        .waitFor();
      await client.page.getByTestId("milestones-done").getByText("1 of 1 done").waitFor();
      expect(
        await client.page.evaluate(
          () => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage,
        ),
      ).toBe(true);
      await shot(client.page, "05-project-live");
      await shot(staff.page, "10-admin-project");

      // 6. The deposit invoice: opened, downloaded; the statement as PDF and CSV.
      await client.page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("link", { name: "Invoices" })
        .click();
      await client.page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
      await client.page.getByTestId("amount-due").getByText("Due now: $1,500.00").waitFor();
      await expectAccessible(client.page, "invoices");
      await shot(client.page, "06-invoices");
      const invoiceLink = client.page.getByRole("link", { name: /^INV-\d{4}-\d{4}$/ }).first();
      const number = (await invoiceLink.textContent()) ?? "";
      await invoiceLink.click();
      await client.page.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
      const invoiceId = client.page.url().split("/").at(-1) ?? "";
      expect(await client.page.getByTestId("invoice-balance").textContent()).toBe("$1,500.00");
      await expectAccessible(client.page, "invoice");
      await shot(client.page, "07-invoice");
      const invoicePdf = await download(client.page, () =>
        client.page.getByRole("link", { name: "Download PDF" }).click(),
      );
      expect(invoicePdf.contentType).toBe("application/pdf");
      expect(invoicePdf.name).toBe(`${number}.pdf`);
      expect(extractPdfText(invoicePdf.bytes)).toContain("$1,500.00");
      expect(extractPdfText(invoicePdf.bytes)).toContain(number);

      await client.page.getByRole("link", { name: "← Invoices" }).click();
      await client.page.getByRole("heading", { name: "Statement of account" }).waitFor();
      const year = new Date().toISOString().slice(0, 4);
      await client.page.getByLabel("From").fill(`${year}-01-01`);
      const statementPdf = await download(client.page, () =>
        client.page.getByRole("button", { name: "Download PDF" }).click(),
      );
      expect(statementPdf.contentType).toBe("application/pdf");
      const statementText = extractPdfText(statementPdf.bytes);
      expect(statementText).toContain(number);
      expect(statementText).toContain("$1,500.00");
      expect(statementText).toContain("Opening balance");
      const statementCsv = await download(client.page, () =>
        client.page.getByRole("button", { name: "Download CSV" }).click(),
      );
      expect(statementCsv.contentType).toBe("text/csv; charset=utf-8");
      const csv = statementCsv.bytes.toString("utf8");
      expect(csv).toContain(`,Invoice,${number},`);
      expect(csv).toMatch(/USD,\d{4}-\d{2}-\d{2},Closing balance,,,,,1500\.00\r\n$/);

      // The other screens pass axe at phone width too.
      for (const [path, heading] of [
        ["/portal/proposals", "Proposals"],
        ["/portal/projects", "Projects"],
        [`/portal/projects/${projectId}/onboarding`, "Onboarding"],
      ]) {
        await client.page.goto(`${server.url}${path}`);
        await client.page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await expectAccessible(client.page, path);
      }
      await client.page.setViewportSize({ width: 1280, height: 900 });
      await client.page.goto(`${server.url}/portal`);
      await shot(client.page, "08-home-desktop");

      // 7. Staff see what the client did: last sign-in, first views, the timeline.
      await staff.page.goto(`${server.url}/admin/clients/${story.clientId}`);
      await access.getByText(/Last signed in/).waitFor();
      await staff.page.getByTestId("client-seen").getByText(`Invoice ${number}`).waitFor();
      const timeline = staff.page.getByTestId("client-timeline");
      for (const text of [
        `${contact.name} signed in to the portal for the first time (invitation)`,
        `${contact.name} accepted the proposal "${story.proposal.title}" in the portal`,
        `${contact.name} opened invoice ${number}`,
        `${contact.name} downloaded invoice ${number}`,
        `downloaded the statement ${year}-01-01`,
        `${contact.name} submitted the onboarding`,
      ])
        await timeline.getByText(text).first().waitFor();
      // Every onboarding step saved in one sitting is one entry.
      await timeline
        .getByText(/of the onboarding for .+ \(and \d+ more saves since/)
        .first()
        .waitFor();
      await shot(staff.page, "09-admin-client");
      await staff.page.goto(`${server.url}/admin/invoices/edit/${invoiceId}`);
      await staff.page
        .getByTestId("invoice-seen")
        .getByText(/First opened in the client portal/)
        .waitFor();
      await admin.page.goto(`${server.url}/admin/audit?area=portal`);
      await admin.page.getByText("statement-downloaded").first().waitFor();

      expect(unexpectedErrors(client.errors)).toEqual([]);
      expect(unexpectedErrors(staff.errors)).toEqual([]);
      await Promise.all([client.close(), staff.close(), admin.close()]);
    },
    budget(180_000),
  );

  it("answers a link request the same for a known and an unknown address, and keeps the two sessions apart", async () => {
    const { server, contact } = story;
    const ask = async (email: string, forwardedFor: string, data = false) => {
      const response = await fetch(`${server.url}/portal/sign-in${data ? ".data" : ""}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": forwardedFor,
        },
        body: new URLSearchParams({ intent: "request", email }),
      });
      const body = await response.text();
      // Each answer carries its own script nonce (in the page and in its data); nothing else may differ.
      const nonce = body.match(/nonce="([^"]+)"/)?.[1];
      return { status: response.status, body: nonce ? body.replaceAll(nonce, "") : body };
    };
    const known = await ask(contact.email, "192.0.2.61");
    const unknown = await ask(`nobody-${Date.now()}@client.example`, "192.0.2.62");
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(await ask(contact.email, "192.0.2.63", true)).toEqual(
      await ask(`nobody-else-${Date.now()}@client.example`, "192.0.2.64", true),
    );

    // A staff session does not open the portal, and a portal page does not take it as one.
    const staffCookie = await signInCookie(server, server.staff.admin);
    const asStaff = await fetch(`${server.url}/portal`, {
      headers: { Cookie: staffCookie },
      redirect: "manual",
    });
    expect(asStaff.status).toBe(302);
    expect(asStaff.headers.get("Location")).toBe("/portal/sign-in");
    const crossSite = await fetch(`${server.url}/portal/sign-in`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
      },
      body: new URLSearchParams({ intent: "request", email: contact.email }),
    });
    expect(crossSite.status).toBe(403);
  });
});
