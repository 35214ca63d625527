import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAs, staffServerAndBrowser, unexpectedErrors } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible control of the page's main part and of the command center's top bar. */
async function controlBoxes(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "main button, main a[href], main input, main select, main textarea, #admin-sidebar a, #admin-sidebar button, body > div button",
    );
    // What shows of a control: its box cut by every ancestor that clips (a scrolled list).
    const shownBox = (control: HTMLElement) => {
      let { left, top, right, bottom } = control.getBoundingClientRect();
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === "visible") continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { x: left, y: top, width: right - left, height: bottom - top };
    };
    return [...controls]
      .filter((control) => !control.closest("[data-toast]") && control.checkVisibility())
      .map((control) => ({
        ...shownBox(control),
        name: control.getAttribute("aria-label") || control.textContent?.trim() || control.tagName,
      }))
      .filter((box) => box.width > 0 && box.height > 0);
  });
}

async function expectUncovered(page: Page, notice: Locator) {
  const noticeBox = await notice.boundingBox();
  if (!noticeBox) throw new Error("the notice is not drawn");
  const covered = (await controlBoxes(page)).filter((box) => intersects(noticeBox, box));
  expect(covered.map((box) => box.name)).toEqual([]);
}

async function publishAndSaveWhileNoticeShows(page: Page, url: string, linkTo: string) {
  await gotoHydrated(page, `${url}/admin/settings/navigation`);
  const headerSection = page.locator("section", {
    has: page.getByRole("heading", { name: "Header menu" }),
  });
  const addLink = headerSection.getByRole("button", { name: "Add a link to the header menu" });
  await addLink.click();
  await headerSection.getByLabel("Leads to").last().selectOption(linkTo);
  const publish = page.getByRole("button", { name: "Publish" });
  const saveDraft = page.getByRole("button", { name: "Save draft" });
  await publish.click();

  const published = page.locator("[data-toast]", { hasText: "Navigation published" });
  await published.waitFor();
  await page.getByText("Visitors see these menus.").waitFor();
  await expectUncovered(page, published);
  const noticeBox = await published.boundingBox();
  for (const button of [publish, saveDraft]) {
    const box = await button.boundingBox();
    expect(box && noticeBox && intersects(box, noticeBox)).toBe(false);
  }

  // While the notice shows, the editor's own buttons take clicks (Playwright refuses to click
  // an element another one covers).
  await headerSection.getByLabel("Link text").last().fill("Listen");
  expect(await published.isVisible()).toBe(true);
  await saveDraft.click({ timeout: 2000 });
  await page.locator("[data-toast]", { hasText: "Draft saved" }).waitFor();
  await page.getByText("Draft: these changes are not published yet.").waitFor();
  await expectUncovered(page, page.locator("[data-toast]", { hasText: "Draft saved" }));
}

describe("notices in the command center, on a phone", () => {
  const running = staffServerAndBrowser();
  it("on a phone sit in the top bar's flow, hiding no control", async () => {
    const admin = await openPage(running.browser, { viewport: { width: 390, height: 844 } });
    await loginAs(admin.page, running.server, "admin");
    await admin.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await publishAndSaveWhileNoticeShows(admin.page, running.server.url, "/privacy");
    expect(await admin.page.locator('section[aria-label="Notifications"]').count()).toBe(1);
    await admin.page.screenshot({ path: "/tmp/admin-notices-phone.png" });
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.close();
  });
});

describe("notices in the command center, on a wide screen", () => {
  const running = staffServerAndBrowser();
  it("on a wide screen sit in the sidebar, beside the editor's buttons, which stay clickable", async () => {
    const admin = await openPage(running.browser, { viewport: { width: 1440, height: 900 } });
    await loginAs(admin.page, running.server, "admin");
    await publishAndSaveWhileNoticeShows(admin.page, running.server.url, "/personas");
    const notice = admin.page.locator("[data-toast]").first();
    expect(await notice.evaluate((toast) => Boolean(toast.closest("#admin-sidebar")))).toBe(true);
    // Drawn once: one live region of notices on the page.
    expect(await admin.page.locator('section[aria-label="Notifications"]').count()).toBe(1);
    await admin.page.screenshot({ path: "/tmp/admin-notices-wide.png" });
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await admin.close();
  });
});

describe("a notice a redirect carries, while the page hydrates", () => {
  const running = staffServerAndBrowser();
  it("is drawn in one place at every moment, never in the floating stack and the sidebar at once", async () => {
    const manager = await openPage(running.browser, { viewport: { width: 1440, height: 900 } });
    await loginAs(manager.page, running.server, "clientManager");
    // Counts the notices in the document after every change to it, from before the page's
    // first script: a second copy drawn for even one task is caught.
    await manager.page.addInitScript(() => {
      const seen = { most: 0 };
      Object.assign(window, { __noticesSeen: seen });
      new MutationObserver(() => {
        seen.most = Math.max(seen.most, document.querySelectorAll("[data-toast]").length);
      }).observe(document, { childList: true, subtree: true });
    });
    for (let visit = 0; visit < 5; visit++) {
      await manager.page.goto(`${running.server.url}/admin/seo`);
      expect(new URL(manager.page.url()).pathname).toBe("/admin");
      const notice = manager.page.locator("[data-toast]", { hasText: "admins only" });
      await notice.waitFor();
      expect(await notice.evaluate((toast) => Boolean(toast.closest("#admin-sidebar")))).toBe(true);
      await manager.page.locator('section[aria-label="Notifications"]').last().waitFor();
      expect(
        await manager.page.evaluate(
          () => (window as unknown as { __noticesSeen: { most: number } }).__noticesSeen.most,
        ),
      ).toBe(1);
    }
    expect(unexpectedErrors(manager.errors)).toEqual([]);
    await manager.close();
  });
});
