import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage } from "#tests/helpers/browser.ts";
import { rawGet } from "#tests/helpers/http.ts";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { type RunningServer, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

describe("the page cache across instances", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "drops a changed page on every instance at once through NOTIFY",
    async () => {
      const database = await createTempPostgresDatabase();
      const env = { DATABASE_URL: database.url, PUBLIC_URL: "https://frontier.example" };
      const first = await startServer({ env, timeoutMs: 110_000 });
      const second = await startServer({ env, timeoutMs: 110_000 });
      const client = new pg.Client({ connectionString: database.url });
      try {
        await client.connect();
        const path = "/insights/boring-architecture";
        for (const server of [first, second]) {
          await fetch(`${server.url}${path}`);
          const cached = await fetch(`${server.url}${path}`);
          expect(cached.headers.get("x-page-cache")).toBe("hit");
          expect(await cached.text()).toContain("Boring architecture is a feature");
        }

        // A content write elsewhere: change the row, then what invalidatePublicPages sends.
        await client.query(
          "update insights set title = 'Boring architecture, revisited', updated_at = now() where slug = 'boring-architecture'",
        );
        await client.query("select pg_notify('frontier_public_pages', 'test edit')");

        for (const server of [first, second]) {
          await expect
            .poll(async () => (await fetch(`${server.url}${path}`)).text(), {
              timeout: budget(5000),
            })
            .toContain("Boring architecture, revisited");
        }
      } finally {
        await client.end();
        await Promise.all([first.stop(), second.stop()]);
        await database.drop();
      }
    },
    300_000,
  );
});

describe("public pages from the cache of the running product", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ timeoutMs: 110_000 }), launchBrowser()]);
  }, budget(120_000));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const decoders: Record<string, (body: Buffer) => Buffer> = {
    identity: (body) => body,
    gzip: gunzipSync,
    br: brotliDecompressSync,
  };
  /** The inline scripts of a page that a browser runs (not JSON-LD, not src=). */
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes))
      .map(([, , content]) => content);

  it("sends every anonymous visitor the same bytes, in identity, gzip and brotli, with hashed scripts", async () => {
    const url = `${server.url}/faq`;
    await rawGet(url);
    const pages: Buffer[] = [];
    for (const encoding of Object.keys(decoders)) {
      const headers: Record<string, string> =
        encoding === "identity" ? {} : { "Accept-Encoding": `${encoding}, deflate` };
      const [first, second] = [await rawGet(url, headers), await rawGet(url, headers)];
      expect(first.headers["x-page-cache"], encoding).toBe("hit");
      expect(first.headers["content-encoding"], encoding).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      expect(second.body.equals(first.body), encoding).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers["cache-control"]).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=30",
      );
      pages.push(decoders[encoding](first.body));
    }
    expect(pages[1].equals(pages[0]) && pages[2].equals(pages[0])).toBe(true);

    const page = pages[0].toString();
    expect(page).toContain("</html>");
    expect(page).not.toMatch(/nonce="/);
    const hit = await rawGet(url);
    const csp = String(hit.headers["content-security-policy"]);
    expect(csp).not.toContain("nonce");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'strict-dynamic'/);
    const scripts = inlineScripts(page);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts)
      expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);

    const revalidated = await rawGet(url, { "If-None-Match": String(hit.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(url, { method: "HEAD" }, resolve).on("error", reject).end(),
    );
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(Number(head.headers["content-length"])).toBe(pages[0].length);

    // The stylesheet's link, and the scripts the boot script asks for after the first paint.
    const assets = [
      ...new Set([...page.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])),
    ].filter((asset) => !asset.startsWith("/assets/manifest-")); // the route manifest, asked for later
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const plain = await rawGet(`${server.url}${asset}`);
      const compressed = await rawGet(`${server.url}${asset}`, { "Accept-Encoding": "gzip, br" });
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(compressed.headers["content-type"], asset).toBe(plain.headers["content-type"]);
      expect(compressed.headers["cache-control"], asset).toContain("immutable");
      if (plain.body.length >= 1024) {
        expect(compressed.headers["content-encoding"], asset).toBe("gzip");
        expect(gunzipSync(compressed.body).equals(plain.body), asset).toBe(true);
      }
    }
  });

  it("sends the cached pages without an opener policy, and keeps it on every other response", async () => {
    // Decision 811: the cached pages are the same for everyone; a session's pages stay isolated.
    const url = `${server.url}/contact`;
    const miss = await rawGet(url);
    const hit = await rawGet(url, { "Accept-Encoding": "gzip" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    for (const answer of [miss, hit]) {
      expect(answer.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
    const withCookie = await rawGet(url, { Cookie: "fr_seen=1" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers["x-page-cache"]).toBeUndefined();
    expect(withCookie.headers["cross-origin-opener-policy"]).toBe("same-origin");
    for (const address of ["/login", "/admin", "/search?q=design", "/no-such-page"]) {
      const answer = await rawGet(`${server.url}${address}`);
      expect(answer.headers["cross-origin-opener-policy"], address).toBe("same-origin");
    }
  });

  it("answers Home for tracking and made-up parameters from Home's entry", async () => {
    await rawGet(`${server.url}/`);
    const home = await rawGet(`${server.url}/`);
    expect(home.headers["x-page-cache"]).toBe("hit");
    const random = Math.random().toString(36).slice(2);
    for (const address of [
      "/?utm_source=x",
      `/?r=${random}`,
      "/?utm_source=news&utm_medium=mail&gclid=1&fbclid=2",
    ]) {
      const answer = await rawGet(`${server.url}${address}`);
      expect(answer.headers["x-page-cache"], address).toBe("hit");
      expect(answer.body.equals(home.body), address).toBe(true);
    }
  });

  it("keeps each valid list filter apart, and refuses or redirects the others", async () => {
    const list = (await rawGet(`${server.url}/insights`)).body.toString();
    const tag = /href="\/insights\?tag=([\w-]+)"/.exec(list)?.[1];
    expect(tag).toBeTruthy();
    const valid = [`/insights?tag=${tag}`, "/insights?page=2", "/case-studies?service=ai-ml"];
    const bodies = new Set<string>([list]);
    for (const address of valid) {
      const first = await rawGet(`${server.url}${address}`);
      const again = await rawGet(`${server.url}${address}`);
      expect(first.status, address).toBe(200);
      expect([first.headers["x-page-cache"], again.headers["x-page-cache"]], address).toEqual([
        "miss",
        "hit",
      ]);
      bodies.add(again.body.toString());
    }
    expect(bodies.size).toBe(valid.length + 1);

    for (const address of [
      "/insights?page=999999",
      "/insights?page=9999",
      "/insights?page=abc",
      "/insights?tag=no-such-tag",
      "/case-studies?service=plumbing",
      "/podcasts?page=500",
    ])
      expect((await rawGet(`${server.url}${address}`)).status, address).toBe(404);
    for (const [address, location] of [
      ["/insights?page=1", "/insights"],
      [`/insights?tag=x&tag=${tag}`, `/insights?tag=${tag}`],
      ["/case-studies?service=&industry=&utm_source=x", "/case-studies?utm_source=x"],
    ]) {
      const answer = await rawGet(`${server.url}${address}`);
      expect(answer.status, address).toBe(301);
      expect(answer.headers.location, address).toBe(location);
    }
  });

  it(
    "hydrates cached pages in Chromium with no CSP violation, and still blocks an injected script",
    async () => {
      const list = (await rawGet(`${server.url}/insights`)).body.toString();
      const insight = /href="(\/insights\/[\w-]+)"/.exec(list)?.[1] ?? "/insights";
      for (const path of ["/", "/contact", insight]) {
        await rawGet(`${server.url}${path}`);
        const { page, errors, close } = await openPage(browser);
        await collectViolations(page);
        const response = await gotoHydrated(page, `${server.url}${path}`);
        expect(response?.headers()["x-page-cache"], path).toBe("hit");
        // Hydrated: a client-side navigation keeps the window (no full page load).
        await page.evaluate(() => {
          (window as unknown as { marker: boolean }).marker = true;
        });
        await page
          .getByRole("navigation", { name: "Explore" })
          .getByRole("link", { name: "FAQ" })
          .click();
        await page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }).waitFor();
        expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
          true,
        );
        expect(await violationsOf(page), path).toEqual([]);
        expect(errors, path).toEqual([]);
        await close();
      }

      // The same cached page with a script slipped into it: its hash is not in the policy.
      const { page, close } = await openPage(browser);
      await collectViolations(page);
      await page.route(`${server.url}/about-us`, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        const body = (await response.text()).replace(
          "</body>",
          "<script>window.injected = true;</script></body>",
        );
        await route.fulfill({ status: response.status(), headers, body });
      });
      await gotoHydrated(page, `${server.url}/about-us`);
      expect(
        await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
      ).toBe(undefined);
      expect(await violationsOf(page)).toEqual(["script-src-elem inline"]);
      await close();
    },
    budget(120_000),
  );
});

/** Records the page's Content-Security-Policy violations from its first byte on. */
async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { violations: string[] }).violations = found;
    document.addEventListener("securitypolicyviolation", (event) =>
      found.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);
