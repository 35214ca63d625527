import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { startServer } from "#tests/helpers/server.ts";

/** Starts a server whose header settings document holds `value` (undefined: none). */
async function serverWithHeader(value: Record<string, unknown> | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-branding-"));
  const database = await openDatabase({ dataDir });
  await database.db.insert(settings).values({ id: "seed", value: {} });
  if (value) await database.db.insert(settings).values({ id: "header", value });
  await database.close();
  return startServer({ dataDir });
}

function iconLink(html: string) {
  return html.match(/<link rel="icon" href="([^"]*)" type="([^"]*)"\/>/)?.slice(1);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("logo and favicon", () => {
  it("uses the built-in logo and favicon when nothing is configured", async () => {
    const server = await serverWithHeader(undefined);
    try {
      const html = await (await fetch(server.url)).text();
      // Neither is an SVG image: each would cost the browser a document of its own (decision 744).
      expect(iconLink(html)).toEqual(["/favicon.png", "image/png"]);
      expect(html).not.toMatch(/<img[^>]+\.svg"|rel="preload" as="image"/);
      const icon = await fetch(new URL("/favicon.png", server.url));
      expect(icon.headers.get("content-type")).toBe("image/png");
      expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const { page, errors, close } = await openPage(browser);
      const svgImages: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".svg")) svgImages.push(request.url());
      });
      await page.goto(server.url, { waitUntil: "load" });
      const logo = page.getByRole("link", { name: "Digital Frontier home" });
      const drawing = logo.getByRole("img", { name: "Digital Frontier" });
      expect(await drawing.getAttribute("data-default-logo")).toBe("true");
      expect((await drawing.boundingBox())?.width).toBe(120);
      expect(await logo.locator("text").allTextContents()).toEqual(["DIGITAL", "FRONTIER"]);
      // The header's and the footer's drawings each have a gradient of their own.
      const gradients = await page
        .locator("linearGradient")
        .evaluateAll((all) => all.map((g) => g.id));
      expect(new Set(gradients).size).toBe(gradients.length);
      expect(gradients.length).toBeGreaterThanOrEqual(2);
      expect(svgImages).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    } finally {
      await server.stop();
    }
  });

  it("renders the configured favicon with the type of its extension, and prefers the PNG logo", async () => {
    const server = await serverWithHeader({
      logoUrl: "/logo.svg?main",
      logoPngUrl: "/favicon.svg?png-fallback",
      logoWidth: 150,
      footerLogoUrl: "/logo.svg?footer",
      footerLogoWidth: 90,
      faviconUrl: "/brand/icon.png?v=3#x",
    });
    try {
      const html = await (await fetch(server.url)).text();
      expect(iconLink(html)).toEqual(["/brand/icon.png?v=3#x", "image/png"]);
      const { page, close } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
      await page.goto(server.url);
      const headerLogo = page.locator("header img").first();
      expect(await headerLogo.getAttribute("src")).toBe("/favicon.svg?png-fallback");
      expect(await headerLogo.getAttribute("width")).toBe("150");
      const footerLogo = page.locator("footer img").first();
      expect(await footerLogo.getAttribute("src")).toBe("/logo.svg?footer");
      expect(await footerLogo.getAttribute("width")).toBe("90");
      await close();
    } finally {
      await server.stop();
    }
  });

  it("falls back to the built-in logo when the configured one cannot be loaded", async () => {
    const server = await serverWithHeader({
      logoUrl: "/uploads/missing-logo.png",
      faviconUrl: "/icons/x.ico",
    });
    try {
      const html = await (await fetch(server.url)).text();
      expect(iconLink(html)).toEqual(["/icons/x.ico", "image/x-icon"]);
      const { page, close } = await openPage(browser);
      await page.goto(server.url);
      await page.waitForFunction(
        () =>
          document.querySelector("header [data-default-logo]") !== null &&
          document.querySelector("header img") === null,
      );
      await close();
    } finally {
      await server.stop();
    }
  });

  it("keeps serving pages with the defaults when the settings document is unreadable", async () => {
    const server = await serverWithHeader({ logoWidth: "enormous", faviconUrl: 42 });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(iconLink(html)).toEqual(["/favicon.png", "image/png"]);
      expect(html).toContain('data-default-logo="true"');
      expect(html).not.toContain("malformed");
      expect(server.output()).toContain("header settings document is malformed");
    } finally {
      await server.stop();
    }
  });
});
