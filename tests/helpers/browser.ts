import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { budget } from "./time-budget.ts";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath() {
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error(
      "Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH",
    );
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
  });
}

/**
 * With BROWSER_CPU_SLOWDOWN=N, the page runs its scripts N times slower, as on
 * a busy CI machine: a spec that races the page (types before a screen has
 * replaced the previous one, say) then fails here too, not only now and then.
 */
async function slowDownWhenAsked(page: Page) {
  const rate = Number(process.env.BROWSER_CPU_SLOWDOWN);
  if (!(rate > 1)) return;
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * A page whose console errors and uncaught exceptions are collected; call
 * `expectNoErrors()` at the end of a test so a page that logs an error fails it.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  // Playwright's own limit (30 s) for every wait, stretched like the test's.
  context.setDefaultTimeout(budget(30_000));
  const page = await context.newPage();
  await slowDownWhenAsked(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    page,
    context,
    errors,
    async close() {
      await context.close();
    },
  };
}

/**
 * Waits until React has taken over the server-rendered page. A click before
 * that gets the browser's own behaviour (its validation bubble, a full form
 * post), which is right for a visitor but not what a spec of the app means.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
    undefined,
    { timeout: budget(30_000) },
  );
}

/** `page.goto`, then wait for the page to hydrate. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: "networkidle" });
  await waitForHydration(page);
  return response;
}

export type OpenedPage = Awaited<ReturnType<typeof openPage>> & { page: Page };

/** A click before the page has hydrated does nothing: press the chat button until it opens. */
export async function openChat(page: Page, { useKeyboard = false } = {}) {
  // Loaded here: scripts outside Vitest (scripts/screenshot.ts) use this module's browser too.
  const { expect } = await import("vitest");
  const button = page
    .locator('button[aria-haspopup="dialog"][aria-label^="Chat with us"]')
    .or(page.locator('button[aria-haspopup="dialog"][aria-expanded="true"]'));
  await expect
    .poll(
      async () => {
        if ((await button.getAttribute("aria-expanded")) !== "true") {
          if (useKeyboard) {
            await button.focus();
            await page.keyboard.press("Enter");
          } else await button.click();
        }
        return button.getAttribute("aria-expanded");
      },
      { timeout: budget(20_000) },
    )
    .toBe("true");
  const dialog = page.getByRole("dialog", { name: "Chat with Frontier" });
  await dialog.waitFor();
  return dialog;
}
