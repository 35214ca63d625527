import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loginAs, signInCookie, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { openPage } from "#tests/helpers/browser.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const running = staffServerAndBrowser();

const id = randomUUID();
const pages = [
  "/admin/insights",
  "/admin/insights/create",
  `/admin/insights/edit/${id}`,
  `/admin/insights/preview?id=${id}`,
  "/admin/case-studies",
  "/admin/case-studies/create",
  `/admin/case-studies/edit/${id}`,
  `/admin/case-studies/preview?id=${id}`,
  "/admin/testimonials",
  "/admin/testimonials/create",
  `/admin/testimonials/edit/${id}`,
  "/admin/comments",
  "/admin/subscribers",
  "/admin/subscribers/export",
  "/admin/campaigns",
  "/admin/campaigns/create",
  `/admin/campaigns/edit/${id}`,
  "/admin/header",
  "/admin/settings",
  "/admin/settings/branding",
  "/admin/settings/navigation",
  "/admin/seo",
];
const actions = [
  "/admin/insights/create",
  `/admin/insights/edit/${id}`,
  "/admin/case-studies/create",
  `/admin/case-studies/edit/${id}`,
  "/admin/testimonials?index",
  "/admin/testimonials/create",
  `/admin/testimonials/edit/${id}`,
  "/admin/comments",
  "/admin/subscribers",
  "/admin/campaigns?index",
  "/admin/campaigns/create",
  `/admin/campaigns/edit/${id}`,
  "/admin/campaigns/preview",
  "/admin/header",
  "/admin/settings/branding",
  "/admin/settings/navigation",
  "/admin/seo",
  "/admin/media/upload",
  "/admin/content/preview",
];

describe("content and marketing are for admins only", () => {
  it("refuses a clientManager every page and action on the server", async () => {
    const cookie = await signInCookie(running.server, running.server.staff.clientManager);
    for (const path of pages) {
      const response = await fetch(`${running.server.url}${path}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/admin(\?|$)/);
    }
    for (const path of actions) {
      const body = new FormData();
      body.set("intent", "delete");
      body.set("title", "x");
      const response = await fetch(`${running.server.url}${path}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: running.server.url },
        body,
        redirect: "manual",
      });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/admin(\?|$)/);
    }
  });

  it("refuses bad uploads with a clear message and keeps nothing; serves good ones with a long cache", async () => {
    const cookie = await signInCookie(running.server, running.server.staff.admin);
    const upload = async (bytes: Buffer, name: string, kind = "image") => {
      const body = new FormData();
      body.set("file", new Blob([new Uint8Array(bytes)]), name);
      body.set("kind", kind);
      body.set("alt", "Test image");
      const response = await fetch(`${running.server.url}/admin/media/upload`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: running.server.url },
        body,
      });
      return {
        status: response.status,
        body: (await response.json()) as { ok: boolean; error?: string; media?: { url: string } },
      };
    };
    const disguised = await upload(Buffer.from("<script>alert(1)</script>"), "photo.png");
    expect(disguised.status).toBe(415);
    expect(disguised.body.error).toMatch(/not a PNG, JPEG, WebP, AVIF or GIF image/);
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "logo",
    );
    expect(svg.status).toBe(415);
    expect(svg.body.error).toMatch(/contains a script/);
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(11 * 1024 * 1024),
    ]);
    const oversize = await upload(big, "huge.png");
    expect(oversize.status).toBe(413);
    expect(oversize.body.error).toMatch(/limit is 10 MB/);
    const empty = await upload(Buffer.alloc(0), "empty.png");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/empty/);

    const png = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "#f60" },
    })
      .png()
      .toBuffer();
    const good = await upload(png, "good.png");
    expect(good.status).toBe(200);
    const served = await fetch(`${running.server.url}${good.body.media?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
  });

  it("updates an open public page when the logo changes", async () => {
    const visitor = await openPage(running.browser);
    await visitor.page.goto(`${running.server.url}/faq`);
    // The built-in logo is drawn in the page; a configured one is an image.
    await expect
      .poll(() => visitor.page.locator("header [data-default-logo]").count())
      .toBeGreaterThan(0);
    const logo = visitor.page.locator("header img").first();
    // The page marks when the server listens for settings changes on its behalf.
    await visitor.page.locator('html[data-live-settings="on"]').waitFor({ state: "attached" });

    const admin = await openPage(running.browser);
    await loginAs(admin.page, running.server, "admin");
    // The old address of the Branding page still leads there.
    await admin.page.goto(`${running.server.url}/admin/header`);
    await admin.page.waitForURL(/\/admin\/settings\/branding$/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><rect width="100" height="20" fill="#f60"/></svg>',
    );
    const section = admin.page.locator("fieldset", { hasText: "Upload a new logo, png fallback" });
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
    await section.getByLabel("Alt text (what the image shows)").fill("Orange logo");
    await section.getByRole("button", { name: "Upload" }).click();
    await expect
      .poll(() => admin.page.getByLabel("Logo, PNG fallback URL").inputValue(), {
        timeout: budget(20_000),
      })
      .toMatch(/^\/uploads\/logos\/[0-9a-f]{32}/);
    const uploaded = await admin.page.getByLabel("Logo, PNG fallback URL").inputValue();
    await admin.page.getByLabel("Header logo width (px)").fill("160");
    await admin.page.getByRole("button", { name: "Save branding" }).click();
    await expect
      .poll(() => admin.page.getByText("Branding saved.", { exact: false }).count(), {
        timeout: budget(20_000),
      })
      .toBeGreaterThan(0);

    await expect.poll(() => logo.getAttribute("src"), { timeout: budget(15_000) }).toBe(uploaded);
    expect(await visitor.page.locator("header [data-default-logo]").count()).toBe(0);
    expect(await logo.getAttribute("width")).toBe("160");
    expect(visitor.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await visitor.close();
    await admin.close();
  });
});
