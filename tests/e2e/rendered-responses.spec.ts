import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loginAs, signInCookie, staffServerAndBrowser } from "#tests/helpers/auth.ts";
import { gotoHydrated, openPage } from "#tests/helpers/browser.ts";
import { rawGet } from "#tests/helpers/http.ts";

// What the running product sends for a page it renders per request (decision 738): one
// compressed buffer with its length, from React Router through our adapter and
// compressWholeBodies in the order server/app.ts installs them; a browser reads it.

const running = staffServerAndBrowser();

describe("pages rendered for a signed-in staff member", () => {
  it("arrive compressed in one piece with their length, in Brotli or gzip as asked", async () => {
    const cookie = await signInCookie(running.server, running.server.staff.admin);
    for (const address of ["/", "/insights", "/admin"])
      for (const [accepted, encoding, decode] of [
        ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
      ] as const) {
        const answer = await rawGet(`${running.server.url}${address}`, {
          Cookie: cookie,
          "Accept-Encoding": accepted,
        });
        const label = `${address} ${accepted}`;
        expect(answer.status, label).toBe(200);
        expect(answer.headers["x-page-cache"], label).toBeUndefined();
        expect(answer.headers["content-encoding"], label).toBe(encoding);
        expect(answer.headers["transfer-encoding"], label).toBeUndefined();
        expect(Number(answer.headers["content-length"]), label).toBe(answer.body.length);
        expect(answer.headers.vary, label).toContain("Accept-Encoding");
        const html = decode(answer.body).toString();
        expect(html, label).toMatch(/^<!DOCTYPE html>/i);
        expect(html, label).toContain("</html>");
      }
  });

  it("show in the browser, the public site and the command center, without an error", async () => {
    const { page, errors, close } = await openPage(running.browser);
    await loginAs(page, running.server, "admin");
    await gotoHydrated(page, `${running.server.url}/`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByRole("link", { name: "Insights" }).first().click();
    await page.waitForURL(/\/insights$/);
    await page.getByRole("heading", { level: 1, name: "Notes from the frontier" }).waitFor();
    await gotoHydrated(page, `${running.server.url}/admin`);
    await page.getByRole("navigation").first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
