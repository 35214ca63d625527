import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser, unexpectedErrors } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

describe("the page editor", () => {
  it("adds a FAQ question, moves it first by keyboard, previews and publishes; /faq shows it first with its JSON-LD", async () => {
    const { server, browser } = running;
    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const { page } = admin;
    await loginAs(page, server, "admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Pages" })
      .click();
    await page.waitForURL(/\/admin\/pages$/);
    await page
      .getByRole("link", { name: "Frequently Asked Questions", exact: true })
      .first()
      .click();
    await page.waitForURL(/\/admin\/pages\/edit\//);
    await gotoHydrated(page, page.url());

    const block = page.locator('li[aria-label$=": FAQ list"]').first();
    await block
      .getByRole("button", { name: /FAQ list/ })
      .first()
      .click();
    const questions = block.locator('li[aria-label^="question "]');
    const before = await questions.count();
    await block.getByRole("button", { name: "Add question" }).click();
    await expect.poll(() => questions.count()).toBe(before + 1);
    const added = questions.last();
    const question = "Can we pay for an audit in instalments?";
    await added.getByLabel("Question", { exact: true }).fill(question);
    // A question without its answer is refused with a message naming the block, the text kept.
    await page.getByRole("button", { name: "Save changes (live)" }).click();
    await block.getByText(/\(FAQ list\): question \d+ needs an answer/).waitFor();
    expect(await added.getByLabel("Question", { exact: true }).inputValue()).toBe(question);
    await added
      .getByLabel("Answer", { exact: true })
      .fill("Yes: in two halves, at the start and at the end.");

    // Keyboard: focus the new question's "up" button and press Enter until it is first.
    await block.getByRole("button", { name: `Move question ${before + 1} up` }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    for (let place = before; place >= 1; place--) {
      await page.keyboard.press("Enter");
      // Focus follows the question to its new place.
      await expect
        .poll(focused)
        .toBe(place === 1 ? "Move question 1 down" : `Move question ${place} up`);
    }
    await expect
      .poll(() => questions.first().getByLabel("Question", { exact: true }).inputValue())
      .toBe(question);

    // The preview renders the unsaved copy with the site's components.
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Preview" }).click(),
    ]);
    await preview.getByText("Preview · published").waitFor();
    const firstPreviewed = preview.locator("main").getByText(question).first();
    await firstPreviewed.waitFor();
    await preview.close();

    await page.getByRole("button", { name: "Save changes (live)" }).click();
    await page.getByText("Saved: the page is live.").first().waitFor();

    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/faq`);
    const main = visitor.page.locator("main");
    await main.getByText(question).first().waitFor();
    const html = await main.innerHTML();
    const firstQuestionAt = html.indexOf(question);
    expect(firstQuestionAt).toBeGreaterThan(-1);
    const jsonLd = await visitor.page
      .locator('script[type="application/ld+json"]')
      .allTextContents();
    const faq = jsonLd.map((text) => JSON.parse(text)).find((item) => item["@type"] === "FAQPage");
    expect(faq.mainEntity[0].name).toBe(question);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await visitor.close();
    await admin.close();
  });

  it("moves Home's testimonials up by dragging and picks which ones it shows by name", async () => {
    const { server, browser } = running;
    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const { page } = admin;
    await loginAs(page, server, "admin");
    await gotoHydrated(page, `${server.url}/admin/pages`);
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await page.waitForURL(/\/admin\/pages\/edit\//);
    await gotoHydrated(page, page.url());

    // Drag the testimonials block onto the block before it: they trade places.
    const blocks = page.locator('li[aria-label^="Block "]');
    const labels = () =>
      blocks.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    const before = (await labels()) as string[];
    const from = before.indexOf(before.find((label) => label.endsWith(": Testimonials"))!);
    expect(from).toBeGreaterThan(1);
    await page
      .getByRole("img", { name: `Drag block ${from + 1} (Testimonials)` })
      .dragTo(blocks.nth(from - 1));
    await expect.poll(labels).toContain(`Block ${from}: Testimonials`);

    // Pick two testimonials by name and put the second first.
    const block = page.locator(`li[aria-label="Block ${from}: Testimonials"]`);
    await block
      .getByRole("button", { name: /Testimonials/ })
      .first()
      .click();
    const adding = block.getByLabel("Add a testimonial");
    await adding.selectOption({ label: "Olivia Mensah, FreshCart Markets" });
    await block.getByRole("button", { name: "Add", exact: true }).click();
    await adding.selectOption({ label: "Hannah Ross, Northline Freight" });
    await block.getByRole("button", { name: "Add", exact: true }).click();
    await block.getByRole("button", { name: "Move testimonial 2 up" }).click();
    await page.getByRole("button", { name: "Save changes (live)" }).click();
    await page.getByText("Saved: the page is live.").first().waitFor();

    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/`);
    const main = visitor.page.locator("main");
    await main.getByText("Hannah Ross").first().waitFor();
    const html = await main.innerHTML();
    expect(html.indexOf("Hannah Ross")).toBeLessThan(html.indexOf("Olivia Mensah"));
    expect(html).not.toContain("Tomasz Nowak");
    expect(html.indexOf("What our clients say")).toBeLessThan(
      html.indexOf("Tools we trust in production"),
    );
    await visitor.close();
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.close();
  });

  it("adds an image with text to Pricing, its image uploaded in place, and the page shows it in its sizes", async () => {
    const { server, browser } = running;
    const admin = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const { page } = admin;
    await loginAs(page, server, "admin");
    await gotoHydrated(page, `${server.url}/admin/pages`);
    await page.getByRole("link", { name: "Pricing", exact: true }).first().click();
    await page.waitForURL(/\/admin\/pages\/edit\//);
    await gotoHydrated(page, page.url());

    await page.getByLabel("Block type").selectOption({ label: "Image with text" });
    await page.getByRole("button", { name: "Add block" }).click();
    const block = page.locator('li[aria-label$=": Image with text"]').last();
    await block.getByLabel("Heading", { exact: true }).fill("Where the hours go");
    await block.getByLabel("Text (Markdown)").fill("Every hour logged shows on the invoice.");
    await block.getByLabel("Image description").fill("A timesheet on a desk");
    await block.getByText("Upload a new image").click();
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#22aa66" },
    })
      .png()
      .toBuffer();
    const uploader = block.locator("fieldset", {
      has: page.getByText("New image", { exact: true }),
    });
    await uploader
      .locator('input[type="file"]')
      .setInputFiles({ name: "desk.png", mimeType: "image/png", buffer: png });
    await uploader.getByLabel("Alt text (what the image shows)").fill("A timesheet on a desk");
    await uploader.getByRole("button", { name: "Upload" }).click();
    // The uploaded image joins the picker's list and is chosen.
    const picker = block.getByLabel("Image", { exact: true });
    await expect
      .poll(() => picker.inputValue(), { timeout: budget(20_000) })
      .toMatch(/^\/uploads\/images\/[0-9a-f]{32}-\d+\.webp$/);
    const chosen = await picker.inputValue();
    await page.getByRole("button", { name: "Save changes (live)" }).click();
    await page.getByText("Saved: the page is live.").first().waitFor();

    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/pricing`);
    const image = visitor.page.locator("main").getByRole("img", { name: "A timesheet on a desk" });
    await image.waitFor({ state: "attached" });
    const sources = await visitor.page
      .locator("main picture source, main img")
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("srcset") ?? node.getAttribute("src") ?? ""),
      );
    expect(sources.join(" ")).toContain(chosen.replace(/-\d+\.webp$/, ""));
    expect(sources.join(" ")).toMatch(/ 480w/);
    await visitor.close();
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.close();
  });

  it("refuses /admin/pages to a client manager", async () => {
    const { server, browser } = running;
    const manager = await openPage(browser);
    await loginAs(manager.page, server, "clientManager");
    await manager.page.goto(`${server.url}/admin/pages`);
    // Sent back to the dashboard with the admins-only notice, as every admin-only screen does.
    await manager.page.waitForURL(/\/admin$/);
    expect(await manager.page.getByRole("heading", { name: "Pages" }).count()).toBe(0);
    await manager.close();
  });
});
