import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { brotliWindowBits } from "#server/compress-whole.ts";
import { withRequestId } from "#server/request-id.ts";
import { publicPageHeaderList } from "#server/security-headers.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { declaredBrotliWindow, rawGet } from "#tests/helpers/http.ts";
import {
  cacheCompressionFor,
  createEntry,
  createPageCache,
  invalidatePublicPages,
  listenForInvalidations,
  PUBLIC_CACHE_CONTROL,
  serveFromPageCache,
} from "./page-cache";
import { pageCacheMiddleware } from "./page-cache-middleware";

const env = { PUBLIC_URL: "https://frontier.example" } as Parameters<
  typeof publicPageHeaderList
>[0];

/** A page as React Router renders one: data and module scripts, with the nonce when given. */
function renderPage(nonce: string, text: string) {
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return [
    `<!DOCTYPE html><html><head><script type="application/ld+json">{"name":"Frontier"}</script></head>`,
    `<body><main><p>${text}</p>${"<p>A paragraph that makes the page worth compressing.</p>".repeat(200)}</main>`,
    `<script${attribute}>window.__context = ${JSON.stringify(text)};</script>`,
    `<script${attribute} type="module" async="">import("/assets/entry.js");</script>`,
    "</body></html>",
  ].join("");
}

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

const FEED_START = '<?xml version="1.0"?><rss><channel><item><description><![CDATA[';
const FEED_END = "<script>alert(1)</script>]]></description></item></channel></rss>";

describe("the page cache in front of a rendering app", () => {
  const cache = createPageCache();
  let renders = 0;
  let expressRequests = 0;
  let content = "first";
  let url = "";
  let server: http.Server;

  beforeAll(async () => {
    const app = express();
    app.use((_request, response, next) => {
      expressRequests++;
      response.locals.nonce = randomBytes(16).toString("base64");
      response.setHeader("Content-Security-Policy", `script-src 'nonce-${response.locals.nonce}'`);
      next();
    });
    app.use(pageCacheMiddleware({ cache, headersFor: publicPageHeaderList(env, { dev: false }) }));
    app.get(["/", "/faq", "/insights", "/pricing"], async (request, response) => {
      renders++;
      // Slow enough that requests arriving together find the render under way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (request.headers["x-test-set-cookie"]) response.setHeader("Set-Cookie", "fr_toast=x");
      // What the page's loaders see of the address.
      const seen = `${content} ${request.originalUrl}`;
      response.type("html").send(renderPage(response.locals.nonce, seen));
    });
    // A feed written in pieces, whose items quote a script as text.
    app.get("/insights.rss", (_request, response) => {
      renders++;
      response.type("application/rss+xml");
      response.write(FEED_START);
      response.end(FEED_END);
    });
    app.get("/contact", (_request, response) => {
      renders++;
      response.status(404).type("html").send(renderPage(response.locals.nonce, "missing"));
    });
    // As server/app.ts: hits before the request id's context, Express inside it.
    const expressWithIds = withRequestId((request, response) => app(request, response));
    server = http.createServer((request, response) => {
      const handled = serveFromPageCache(request, response, {
        cache,
        skip: (path) => path === "/pricing",
      });
      if (!handled) expressWithIds(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => cache.clear());

  it("renders once, then answers every anonymous visitor with the same bytes, without Express", async () => {
    const first = await rawGet(`${url}/faq`, { "Accept-Encoding": "gzip" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    const before = { renders, expressRequests };
    const answers = {
      identity: [await rawGet(`${url}/faq`), await rawGet(`${url}/faq`)],
      gzip: [
        await rawGet(`${url}/faq`, { "Accept-Encoding": "gzip, deflate" }),
        await rawGet(`${url}/faq`, { "Accept-Encoding": "gzip" }),
      ],
      br: [
        await rawGet(`${url}/faq`, { "Accept-Encoding": "gzip, deflate, br, zstd" }),
        await rawGet(`${url}/faq`, { "Accept-Encoding": "br" }),
      ],
    };
    expect({ renders, expressRequests }).toEqual(before);
    const page = answers.identity[0].body;
    expect(answers.identity[1].body.equals(page)).toBe(true);
    expect(answers.gzip[0].body.equals(answers.gzip[1].body)).toBe(true);
    expect(answers.gzip[0].body.equals(first.body)).toBe(true);
    expect(answers.br[0].body.equals(answers.br[1].body)).toBe(true);
    expect(gunzipSync(answers.gzip[0].body).equals(page)).toBe(true);
    expect(brotliDecompressSync(answers.br[0].body).equals(page)).toBe(true);
    for (const [encoding, [answer]] of Object.entries(answers)) {
      expect(answer.headers["x-page-cache"], encoding).toBe("hit");
      expect(answer.headers["content-encoding"], encoding).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      expect(Number(answer.headers["content-length"]), encoding).toBe(answer.body.length);
      expect(answer.headers.vary, encoding).toBe("Accept-Encoding");
      expect(answer.headers["cache-control"], encoding).toBe(PUBLIC_CACHE_CONTROL);
      expect(answer.headers.etag, encoding).toBe(first.headers.etag);
    }
    expect(answers.br[0].body.length).toBeLessThan(answers.gzip[0].body.length);
    // Compressed with a window that holds the page, not Brotli's default of 4 MB.
    expect(declaredBrotliWindow(answers.br[0].body)).toBe(brotliWindowBits(page.length));
  });

  it("answers a hit with the header block the render's answer had, and an id of its own", async () => {
    const rendered = await rawGet(`${url}/faq`, { "X-Request-Id": "lb-render.1" });
    expect(rendered.headers["x-page-cache"]).toBe("miss");
    expect(rendered.headers["x-request-id"]).toBe("lb-render.1");
    const hit = await rawGet(`${url}/faq`, { "X-Request-Id": "lb-hit.2" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["x-request-id"]).toBe("lb-hit.2");
    const rest = (headers: http.IncomingHttpHeaders) => {
      const { date: _date, "x-request-id": _id, "x-page-cache": _cache, ...others } = headers;
      return others;
    };
    expect(rest(hit.headers)).toEqual(rest(rendered.headers));
    expect(hit.body.equals(rendered.body)).toBe(true);

    // An id a log reader could trip over is replaced; each answer without one gets a new one.
    const ids = [];
    for (const given of ['"},{"level":"error"', undefined]) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawGet(`${url}/faq`, given ? { "X-Request-Id": given } : {});
        ids.push(String(answer.headers["x-request-id"]));
      }
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(4);
    const notModified = await rawGet(`${url}/faq`, {
      "If-None-Match": String(hit.headers.etag),
      "X-Request-Id": "lb-304",
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["x-request-id"]).toBe("lb-304");
  });

  it("names the page's inline scripts by hash in its CSP, with no nonce anywhere", async () => {
    await rawGet(`${url}/faq`);
    const hit = await rawGet(`${url}/faq`);
    const html = hit.body.toString();
    const csp = String(hit.headers["content-security-policy"]);
    expect(csp).not.toContain("nonce");
    expect(html).not.toContain("nonce");
    const scripts = [...html.matchAll(/<script(?: type="module" async="")?>([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, script] of scripts) expect(csp).toContain(`'${sha256(script)}'`);
    expect(csp).not.toContain(sha256('{"name":"Frontier"}'));
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+' 'strict-dynamic'/);
  });

  it("keeps a feed written in pieces whole, and hashes no script for a body that is not a page", async () => {
    const miss = await rawGet(`${url}/insights.rss`);
    const hit = await rawGet(`${url}/insights.rss`);
    expect(miss.headers["x-page-cache"]).toBe("miss");
    expect(hit.headers["x-page-cache"]).toBe("hit");
    for (const answer of [miss, hit]) {
      expect(answer.body.toString()).toBe(FEED_START + FEED_END);
      expect(String(answer.headers["content-security-policy"])).not.toContain("sha256-");
    }
  });

  it("picks the encoding by q-value", async () => {
    await rawGet(`${url}/faq`);
    const encodingFor = async (header: string) =>
      (await rawGet(`${url}/faq`, { "Accept-Encoding": header })).headers["content-encoding"];
    expect(await encodingFor("br;q=0.5, gzip")).toBe("gzip");
    expect(await encodingFor("gzip;q=0.2, br;q=0.8")).toBe("br");
    expect(await encodingFor("gzip;q=0, br;q=0")).toBeUndefined();
    expect(await encodingFor("identity")).toBeUndefined();
    expect(await encodingFor("*")).toBe("br");
  });

  it("answers 304 to a known ETag, and HEAD with the headers only", async () => {
    const first = await rawGet(`${url}/faq`);
    const etag = String(first.headers.etag);
    for (const header of [etag, `"other", ${etag}`, etag.replace(/^W\//, "")]) {
      const again = await rawGet(`${url}/faq`, { "If-None-Match": header });
      expect(again.status, header).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await rawGet(`${url}/faq`, { "If-None-Match": '"other"' })).status).toBe(200);
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(`${url}/faq`, { method: "HEAD" }, resolve).on("error", reject).end(),
    );
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(first.body.length);
    expect(head.headers["x-page-cache"]).toBe("hit");
  });

  it("renders requests with cookies with a nonce, and never keeps an answer that sets one or fails", async () => {
    await rawGet(`${url}/faq`);
    const before = renders;
    const withCookie = await rawGet(`${url}/faq`, { Cookie: "fr_toast=abc" });
    expect(withCookie.headers["x-page-cache"]).toBeUndefined();
    expect(withCookie.headers["content-security-policy"]).toMatch(/'nonce-/);
    expect(renders).toBe(before + 1);

    await rawGet(`${url}/insights`, { "X-Test-Set-Cookie": "1" });
    const next = await rawGet(`${url}/insights`);
    expect(next.headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(before + 3);

    const missing = await rawGet(`${url}/contact`);
    expect(missing.status).toBe(404);
    // Rendered without a nonce all the same, so its scripts are named by hash.
    expect(missing.headers["content-security-policy"]).toMatch(/'sha256-/);
    await rawGet(`${url}/contact`);
    expect(renders).toBe(before + 5);
  });

  it("shares one entry between addresses that differ only in parameters the page does not read", async () => {
    await rawGet(`${url}/`);
    const before = renders;
    for (const address of [
      "/?utm_source=news&utm_medium=mail",
      `/?r=${Math.random()}`,
      "/?gclid=x",
    ]) {
      const answer = await rawGet(`${url}${address}`);
      expect(answer.headers["x-page-cache"], address).toBe("hit");
      expect(answer.body.toString()).toContain("first /</p>");
    }
    expect(renders).toBe(before);
  });

  it("keeps each combination of the parameters a page reads, rendered with those only", async () => {
    const first = await rawGet(`${url}/insights?tag=ai&page=2&fbclid=x`);
    expect(first.body.toString()).toContain("first /insights?page=2&tag=ai</p>");
    const before = renders;
    expect((await rawGet(`${url}/insights?page=2&tag=ai`)).headers["x-page-cache"]).toBe("hit");
    expect(renders).toBe(before);
    const other = await rawGet(`${url}/insights?tag=design`);
    expect(other.headers["x-page-cache"]).toBe("miss");
    expect(other.body.toString()).toContain("first /insights?tag=design</p>");
    expect((await rawGet(`${url}/insights`)).headers["x-page-cache"]).toBe("miss");
    expect(renders).toBe(before + 2);
  });

  it("redirects an address that names a page in another way to its canonical one", async () => {
    const cases: Array<[string, string]> = [
      ["/insights?page=1", "/insights"],
      ["/insights?page=1&utm_source=news", "/insights?utm_source=news"],
      ["/insights?tag=ai&tag=design", "/insights?tag=design"],
      ["/insights?tag=", "/insights"],
      ["/insights?tag=%20ai%20&page=3", "/insights?page=3&tag=ai"],
    ];
    for (const [address, location] of cases) {
      const answer = await rawGet(`${url}${address}`);
      expect(answer.status, address).toBe(301);
      expect(answer.headers.location, address).toBe(location);
    }
  });

  it("renders a page once for visitors who ask for it at the same moment", async () => {
    const before = renders;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => rawGet(`${url}/faq`, { "Accept-Encoding": "br" })),
    );
    expect(renders).toBe(before + 1);
    expect(new Set(answers.map((answer) => answer.body.toString("base64"))).size).toBe(1);
  });

  it("leaves managed redirects to Express, and drops everything at once when invalidated", async () => {
    await rawGet(`${url}/pricing`);
    const before = expressRequests;
    const redirected = await rawGet(`${url}/pricing`);
    expect(expressRequests).toBe(before + 1);
    expect(redirected.headers["x-page-cache"]).toBe("hit");

    await rawGet(`${url}/faq`);
    content = "second";
    await invalidatePublicPages({ notify: async () => {} });
    const fresh = await rawGet(`${url}/faq`);
    expect(fresh.headers["x-page-cache"]).toBe("miss");
    expect(fresh.body.toString()).toContain("second /faq");
  });
});

describe("a cached body's compression", () => {
  it("is the smallest for a page and quick for megabytes, and both decode to the same bytes", async () => {
    expect(cacheCompressionFor(60 * 1024)).toEqual({ brotli: 11, gzip: 9 });
    expect(cacheCompressionFor(8 * 1024 * 1024)).toEqual({ brotli: 5, gzip: 6 });
    const urls = Array.from(
      { length: 20_000 },
      (_, index) => `<url><loc>https://frontier.test/insights/item-${index}</loc></url>`,
    ).join("");
    const body = Buffer.from(`<urlset>${urls}</urlset>`);
    const entry = await createEntry({ body, contentType: "application/xml", headers: [] });
    expect(brotliDecompressSync(entry.variants.br.body).equals(body)).toBe(true);
    expect(gunzipSync(entry.variants.gzip.body).equals(body)).toBe(true);
  });
});

describeEachDatabase("invalidation through NOTIFY", (get) => {
  it("reaches every listening instance", async () => {
    const database = get();
    const caches = [createPageCache(), createPageCache()];
    const stops = await Promise.all(caches.map((cache) => listenForInvalidations(database, cache)));
    const entry = await createEntry({
      body: Buffer.from("x"),
      contentType: "text/html",
      headers: [],
    });
    for (const cache of caches) cache.set("/faq", entry, cache.generation);
    const generations = caches.map((cache) => cache.generation);
    await database.notify("frontier_public_pages", "test");
    await expect
      .poll(() => caches.map((cache) => cache.generation))
      .toEqual(generations.map((generation) => generation + 1));
    for (const cache of caches) expect(cache.get("/faq")).toBeUndefined();
    for (const stop of stops) await stop();
  });
});
