import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, type ServerWithStaff, startServerWithStaff } from "#tests/helpers/auth.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { budget } from "#tests/helpers/time-budget.ts";

let server: ServerWithStaff;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    startServerWithStaff({ env: { SMTP_URL: smtp.url, CAMPAIGN_SEND_PER_MINUTE: "100" } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe("subscribers and campaigns", () => {
  it(
    "imports a CSV only once its bad rows are fixed, then sends a campaign that survives the mail server stopping mid-send",
    async () => {
      const { page, errors, close } = await openPage(browser);
      await loginAs(page, server, "admin");
      const tag = `e2e${Date.now()}`;
      const emails = Array.from({ length: 10 }, (_, index) => `reader${index}-${tag}@example.com`);

      await page.goto(`${server.url}/admin/subscribers`);
      const bad = `email,name,tags\n${emails[0]},Zero,${tag}\nnot-an-address,Bad,${tag}\n,Nobody,${tag}\n`;
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
      await page.getByRole("button", { name: "Check the file" }).click();
      const report = page.getByTestId("import-preview");
      await expect
        .poll(() => report.innerText(), { timeout: budget(20_000) })
        .toContain("Line 3: “not-an-address” is not a valid email address.");
      expect(await report.innerText()).toContain("Line 4: The email address is missing.");
      expect(await page.getByRole("button", { name: /^Import/ }).count()).toBe(0);
      await page.goto(`${server.url}/admin/subscribers?q=${tag}`);
      expect(await page.getByText("No subscribers match.").count()).toBe(1);

      const good = `email,name,tags\n${emails.map((email, index) => `${email},Reader ${index},${tag}`).join("\n")}\n${emails[0]},,${tag}\n`;
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
      await page.getByRole("button", { name: "Check the file" }).click();
      await page.getByRole("button", { name: "Import 10 subscribers" }).click();
      await expect
        .poll(() => page.getByText("Imported 10 subscribers: 10 new, 0 merged.").count(), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0);

      await page.goto(`${server.url}/admin/campaigns/create`);
      await page.getByLabel("Campaign name (staff only)").fill(`Launch ${tag}`);
      await page.getByLabel("Subject", { exact: true }).fill("Our autumn field notes");
      await page.getByLabel("Message (Markdown)").fill("## Hello\n\nThree things we shipped.");
      await page.getByLabel("Audience tags").fill(tag);
      await expect
        .poll(
          () =>
            page
              .frameLocator('iframe[title="Email preview"]')
              .locator("h2")
              .innerText()
              .catch(() => ""),
          { timeout: budget(20_000) },
        )
        .toBe("Hello");
      await page.getByRole("button", { name: "Save campaign" }).click();
      await page.waitForURL(/\/admin\/campaigns\/edit\//);
      // Sending now asks first; cancelling sends nothing.
      await page.getByRole("button", { name: "Send now to 10" }).click();
      const confirm = page.getByRole("alertdialog", {
        name: /Send “Our autumn field notes” to 10 subscribers now\?/,
      });
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Send now to 10" }).click();
      await confirm.getByRole("button", { name: "Send to 10" }).click();

      await expect
        .poll(() => smtp.received.length, { timeout: budget(30_000) })
        .toBeGreaterThanOrEqual(3);
      const port = smtp.port;
      await smtp.close();
      const firstServer = smtp;
      const beforeRestart = firstServer.received.length;
      expect(beforeRestart).toBeLessThan(10);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      smtp = await startSmtpServer({ port });

      await expect
        .poll(() => firstServer.received.length + smtp.received.length, {
          timeout: budget(60_000),
          interval: 1000,
        })
        .toBe(10);
      const recipients = [...firstServer.received, ...smtp.received].flatMap((mail) => mail.to);
      expect(new Set(recipients).size).toBe(10);
      expect(recipients.sort()).toEqual([...emails].sort());
      expect(smtp.received[0].raw).toMatch(
        /List-Unsubscribe:\s+<http[^>]+\/newsletter\/unsubscribe\?token=/,
      );
      expect(smtp.received[0].raw).toContain("newsletter/unsubscribe?token=");

      await expect
        .poll(() => page.getByTestId("campaign-report").innerText(), { timeout: budget(20_000) })
        .toContain("sent 10 · failed 0");
      // Once over, the progress box says so instead of "Sending".
      await expect
        .poll(() => page.locator("#progress-heading").innerText(), { timeout: budget(20_000) })
        .toBe("Sent to 10 subscribers");
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(firstServer.received.length + smtp.received.length).toBe(10);
      expect(errors).toEqual([]);
      await close();
    },
    budget(180_000),
  );
});
