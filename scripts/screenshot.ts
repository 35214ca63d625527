/**
 * Screenshots of pages at desktop and phone widths, for looking at what we build:
 *   npx tsx scripts/screenshot.ts / /pricing /insights
 * Starts the built product on a free port with demo content; writes ./screenshots/*.png.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "#tests/helpers/browser.ts";
import { startServer } from "#tests/helpers/server.ts";

const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const fullPage = process.argv.includes("--full");
const outDir = path.resolve("screenshots");
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const pagePath of paths.length ? paths : ["/"]) {
    for (const [label, width, height] of [
      ["desktop", 1440, 900],
      ["phone", 390, 844],
    ] as const) {
      const page = await browser.newPage({
        viewport: { width, height },
        isMobile: label === "phone",
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(600);
      const file = path.join(outDir, `${pagePath.replace(/\W+/g, "_") || "home"}-${label}.png`);
      await page.screenshot({ path: file, fullPage });
      process.stdout.write(`${file}\n`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
