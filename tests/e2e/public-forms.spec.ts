import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { fetchFormTokens } from "#tests/helpers/form-token.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { readableMail, startSmtpServer } from "#tests/helpers/smtp.ts";
import { seriousViolations, uniqueAddress } from "./public-helpers";

const PUBLIC_URL = "https://frontier.example";
const STAFF_EMAIL = "staff@frontier.example";
/** The forms refuse anything sent faster than a person could (server/antispam). */
const HUMAN_PAUSE_MS = 3300;

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let insightPath = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    startServer({
      env: { PUBLIC_URL, SMTP_URL: smtp.url, STAFF_EMAIL, TRUST_PROXY: "1" },
      // A busy machine can take a while to start a server; the hook allows 120 s.
      timeoutMs: 110_000,
    }),
    launchBrowser(),
  ]);
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  insightPath =
    /<loc>https:\/\/frontier\.example(\/insights\/[\w-]+)<\/loc>/.exec(sitemap)?.[1] ?? "";
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);

/** A visitor with an address of their own, so rate limits never cross tests. */
function openVisitor() {
  return openPage(browser, {
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
    extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
  });
}

async function mailTo(address: string) {
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(address))).toBe(true);
  const mail = smtp.received.findLast((item) => item.to.includes(address));
  return readableMail(mail?.raw ?? "");
}

const local = (url: string) => url.replace(PUBLIC_URL, server.url);

describe("comments", () => {
  it("posts a comment that waits for moderation and is not shown yet", async () => {
    const { page, errors, close } = await openVisitor();
    await gotoHydrated(page, `${server.url}${insightPath}`);
    const form = page.locator("form", { hasText: "Leave a comment" });
    await form.getByRole("button", { name: "Post comment" }).click();
    await form.getByText("Please tell us your name.").waitFor();

    const body = `Great read ${unique()}, thanks for sharing.`;
    await form.getByLabel("Name").fill("Ada Visitor");
    await form.getByLabel("Email (never shown)").fill(`ada-${unique()}@example.com`);
    await form.getByLabel("Comment").fill(body);
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await form.getByRole("button", { name: "Post comment" }).click();
    await form
      .getByRole("status")
      .getByText("Thanks! Your comment will appear once a moderator has approved it.")
      .waitFor();
    expect(await page.getByText(body).count()).toBe(0);
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByText(body).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("contact", () => {
  it("explains invalid input at the field and stores nothing; a valid message reaches staff", async () => {
    const { page, errors, close } = await openVisitor();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    await gotoHydrated(page, `${server.url}/contact`);
    // The form's schema is not part of the page's first load; it comes when the form is used.
    expect(requests.filter((request) => /contact-schema/.test(request))).toEqual([]);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please tell us your name.").waitFor();
    await page.getByText("Please choose the service you need.").waitFor();
    expect(await page.getByLabel("Message").getAttribute("aria-invalid")).toBe("true");
    // ...and checked in the browser: nothing of the form was sent (the page view's beacon is not the form).
    expect(requests.filter((request) => /contact-schema/.test(request))).toHaveLength(1);
    expect(
      requests.filter((request) => request.startsWith("POST") && !request.endsWith("/api/event")),
    ).toEqual([]);

    // The page came with no form token; the form fetched one when the visitor started on it.
    const tokenField = page
      .getByRole("form", { name: "Contact form" })
      .locator('input[name="formToken"]');
    await expect.poll(() => tokenField.inputValue()).toMatch(/^ft2\./);
    expect(requests.filter((request) => request.includes("/resources/form-token"))).toHaveLength(1);

    // The server decides too: a too-short message sent past the browser is refused at the field.
    const name = `Grace ${unique()}`;
    const [token] = await fetchFormTokens(server.url);
    const refused = await page.request.post(`${server.url}/contact`, {
      form: {
        name,
        email: "grace@example.com",
        service: "ai-ml",
        budget: "not-sure",
        timeline: "exploring",
        message: "too short",
        formToken: token,
        website: "",
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Please write at least 20 characters");

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`grace-${unique()}@example.com`);
    await page.getByLabel("Company (optional)").fill("Hopper Labs");
    await page.getByLabel("Service of interest").selectOption({ label: "Something else" });
    await page.getByLabel("Budget range").selectOption("50k-100k");
    await page.getByLabel("Timeline").selectOption("1-3-months");
    await page.getByLabel("Message").fill("We need a partner to rebuild our booking platform.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thanks for getting in touch!").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    const staffMail = await mailTo(STAFF_EMAIL);
    expect(smtp.received.filter((mail) => mail.raw.includes(name))).toHaveLength(1);
    expect(staffMail).toContain("Something else");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("contact without JavaScript", () => {
  it("keeps what was typed, asks to confirm once (the cached page has no token), then sends", async () => {
    const { page, close } = await openPage(browser, {
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
    });
    await page.goto(`${server.url}/contact`);
    const name = `Noscript ${unique()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`noscript-${unique()}@example.com`);
    await page.getByLabel("Service of interest").selectOption("ai-ml");
    await page.getByLabel("Budget range").selectOption("not-sure");
    await page.getByLabel("Timeline").selectOption("exploring");
    const message = "We would like to talk about a platform for our clinics.";
    await page.getByLabel("Message").fill(message);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("please check what you wrote and send the form once more").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel("Message").inputValue()).toBe(message);
    expect(await page.getByLabel("Budget range").inputValue()).toBe("not-sure");
    expect(smtp.received.some((mail) => mail.raw.includes(name))).toBe(false);

    await page.waitForTimeout(HUMAN_PAUSE_MS);
    // Sent: the answer is a redirect to an empty contact form.
    const emptyForm = page.waitForResponse(
      (response) => response.request().method() === "GET" && response.url().endsWith("/contact"),
    );
    await page.getByRole("button", { name: "Send message" }).click();
    await emptyForm;
    await page.waitForLoadState();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    await expect.poll(() => smtp.received.some((mail) => mail.raw.includes(name))).toBe(true);
    await close();
  });
});

describe("newsletter", () => {
  it("subscribes, confirms through the mail once, and unsubscribes in one click", async () => {
    const { page, errors, close } = await openVisitor();
    await gotoHydrated(page, `${server.url}/insights`);
    const footer = page.locator("footer");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.getByText("Please enter a valid email address.").waitFor();

    const email = `reader-${unique()}@example.com`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Almost there! Check your inbox").first().waitFor();

    const mail = await mailTo(email);
    expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const confirmUrl = /https:\/\/frontier\.example\/newsletter\/confirm\?token=[\w%-]+/.exec(
      mail,
    )?.[0];
    const unsubscribeUrl =
      /List-Unsubscribe:\s*<(https:\/\/frontier\.example\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(
        mail.replace(/\r?\n\s+/g, ""),
      )?.[1];
    expect(confirmUrl).toBeTruthy();
    expect(unsubscribeUrl).toBeTruthy();

    await gotoHydrated(page, local(confirmUrl ?? ""));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("heading", { name: "You're subscribed" }).waitFor();

    await gotoHydrated(page, local(confirmUrl ?? ""));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("heading", { name: "This link no longer works" }).waitFor();

    // Signing up again says the same and sends nothing: it reveals no one's subscription.
    const before = smtp.received.length;
    await gotoHydrated(page, `${server.url}/`);
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Almost there! Check your inbox").first().waitFor();
    expect(smtp.received.length).toBe(before);

    // A mail client's one-click unsubscribe (RFC 8058).
    const oneClick = await fetch(local(unsubscribeUrl ?? ""), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You&#x27;re unsubscribed");

    // And the link in the mail, for people.
    await gotoHydrated(page, local(unsubscribeUrl ?? ""));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A link cut short offers no button, only what to do instead.
    await gotoHydrated(page, `${server.url}/newsletter/unsubscribe`);
    await page.getByRole("heading", { name: "We could not find that subscription" }).waitFor();
    expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("a subscriber's own data", () => {
  it("mails a one-time link from the unsubscribe page, which downloads their data once", async () => {
    const { page, errors, close } = await openVisitor();
    await gotoHydrated(page, `${server.url}/`);
    const email = `own-data-${unique()}@example.com`;
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Almost there! Check your inbox").first().waitFor();
    const mail = await mailTo(email);
    const unsubscribeUrl =
      /List-Unsubscribe:\s*<(https:\/\/frontier\.example\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(
        mail.replace(/\r?\n\s+/g, ""),
      )?.[1];

    await gotoHydrated(page, local(unsubscribeUrl ?? ""));
    await page.getByRole("button", { name: "Mail me a copy of my data" }).click();
    await page
      .getByText("If that subscription exists, a link to your data is on its way")
      .waitFor();
    // Asking changes nothing else: the subscription is still there.
    await page.getByRole("button", { name: "Unsubscribe" }).waitFor();
    await expect
      .poll(() =>
        smtp.received.some(
          (item) => item.to.includes(email) && item.raw.includes("Your data at Digital Frontier"),
        ),
      )
      .toBe(true);
    const dataMail = readableMail(
      smtp.received.findLast((item) => item.to.includes(email))?.raw ?? "",
    );
    const link =
      /https:\/\/frontier\.example\/newsletter\/my-data\?token=[\w-]+/.exec(dataMail)?.[0] ?? "";
    expect(link).toBeTruthy();

    await gotoHydrated(page, local(link));
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
    expect(file.email).toBe(email);
    expect(file.subscribers[0].status).toBe("pending");
    // The link works once.
    const again = await fetch(`${server.url}/newsletter/my-data/download`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `token=${new URL(link).searchParams.get("token")}`,
    });
    expect(again.status).toBe(410);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("bots", () => {
  it("refuses a filled honeypot", async () => {
    const { page, close } = await openVisitor();
    await gotoHydrated(page, `${server.url}/contact`);
    const name = `Bot ${unique()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`bot-${unique()}@example.com`);
    await page.getByLabel("Service of interest").selectOption("ai-ml");
    await page.getByLabel("Budget range").selectOption("not-sure");
    await page.getByLabel("Timeline").selectOption("asap");
    await page.getByLabel("Message").fill("Buy cheap followers now at our wonderful site.");
    await page
      .getByRole("form", { name: "Contact form" })
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => {
        input.value = "https://spam.example";
      });
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("We could not accept this submission.").first().waitFor();
    expect(smtp.received.some((mail) => mail.raw.includes(name))).toBe(false);
    await close();
  });

  describe("on a server that holds a form for ten minutes (FORM_MIN_FILL_SECONDS)", () => {
    // However slow the machine, no step of this test takes ten minutes, so every
    // sending is too fast; the default three seconds is the unit tests' (antispam.test.ts).
    let holding: RunningServer;
    beforeAll(async () => {
      holding = await startServer({
        env: { PUBLIC_URL, STAFF_EMAIL, TRUST_PROXY: "1", FORM_MIN_FILL_SECONDS: "600" },
        timeoutMs: 110_000,
      });
    });
    afterAll(async () => {
      await holding?.stop();
    });

    it("refuses a form sent faster than a person can fill it, timed from the first keystroke", async () => {
      const { page, close } = await openVisitor();
      // A script that fetches a token and posts at once, as a bot does.
      const token = await (await page.request.get(`${holding.url}/resources/form-token`)).text();
      const refused = await page.request.post(`${holding.url}${insightPath}`, {
        form: { name: "Speedy", email: "speedy@example.com", body: "First!", formToken: token },
      });
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toContain("That was quicker than anyone can type.");

      // In the browser: the page asks for no token until the visitor starts filling the form.
      const tokenRequests: number[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/resources/form-token")) tokenRequests.push(Date.now());
      });
      await gotoHydrated(page, `${holding.url}${insightPath}`);
      const form = page.locator("form", { hasText: "Leave a comment" });
      await form.getByLabel("Name").waitFor();
      expect(tokenRequests).toEqual([]);
      const startedFilling = Date.now();
      const fetched = page.waitForResponse((response) =>
        response.url().endsWith("/resources/form-token"),
      );
      await form.getByLabel("Name").fill("Speedy");
      const issuedAt = Number((await (await fetched).text()).split(".")[1]);
      expect(issuedAt).toBeGreaterThanOrEqual(startedFilling);
      await form.getByLabel("Email (never shown)").fill(`speedy-${unique()}@example.com`);
      await form.getByLabel("Comment").fill("Typed faster than anyone could.");
      await form.getByRole("button", { name: "Post comment" }).click();
      await page.getByText("That was quicker than anyone can type.").first().waitFor();
      // One filling, one token.
      expect(tokenRequests).toHaveLength(1);
      await close();
    });
  });

  it("refuses too many submissions from one address", async () => {
    const { page, close } = await openVisitor();
    const address = uniqueAddress();
    // Each filling of the form has a token of its own (the same one sent again stores nothing more).
    const tokens = await fetchFormTokens(server.url, { count: 6 });
    const post = (token: string) =>
      page.request.post(`${server.url}${insightPath}`, {
        headers: { "X-Forwarded-For": address },
        form: {
          name: "Repeat",
          email: "repeat@example.com",
          body: `Again ${unique()}`,
          formToken: token,
          website: "",
        },
      });
    for (const token of tokens.slice(0, 5)) expect((await post(token)).status()).toBe(200);
    const refused = await post(tokens[5]);
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Too many submissions from your network");
    await close();
  });
});
