import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_TOKEN_PATTERN, issueFormToken } from "#server/antispam/antispam.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { rawGet } from "#tests/helpers/http.ts";
import {
  createEntry,
  createPageCache,
  invalidatePublicPages,
  isCacheablePath,
  listenForInvalidations,
  pageCacheMiddleware,
  serveFromPageCache,
} from "./page-cache";

const secret = "a-secret-of-at-least-thirty-two-characters";

describe("isCacheablePath", () => {
  it("takes public pages and feeds only", () => {
    for (const path of [
      "/",
      "/faq",
      "/insights",
      "/insights/a-slug",
      "/services/x",
      "/sitemap.xml",
    ])
      expect(isCacheablePath(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/insights",
      "/login",
      "/proposal/x",
      "/insights.data",
      "/newsletter",
      "/insights/a/b",
    ])
      expect(isCacheablePath(path), path).toBe(false);
  });
});

describe("pageCacheMiddleware", () => {
  const cache = createPageCache();
  let renders = 0;
  let content = "first";
  let url = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]>;

  beforeAll(async () => {
    const app = express();
    app.use((_request, response, next) => {
      response.locals.nonce = randomBytes(16).toString("base64");
      response.setHeader("Content-Security-Policy", `script-src 'nonce-${response.locals.nonce}'`);
      next();
    });
    app.use(pageCacheMiddleware({ cache, secret }));
    app.get("/faq", (request, response) => {
      renders++;
      const nonce = response.locals.nonce;
      const token = issueFormToken(secret);
      if (request.query.toast) response.setHeader("Set-Cookie", "fr_toast=; Max-Age=0");
      response.type("html");
      response.write(`<html><script nonce="${nonce}">var t="${token}"</script>`);
      response.end(`<input value="${token}"><p>${content}</p></html>`);
    });
    app.get("/contact", (_request, response) => {
      renders++;
      response.status(404).type("html").send("missing");
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function nonceOf(response: Response) {
    return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  }

  it("renders once, then answers from the cache with a fresh nonce and form token", async () => {
    const first = await fetch(`${url}/faq`);
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(firstBody).toContain(`nonce="${nonceOf(first)}"`);
    const before = renders;
    const second = await fetch(`${url}/faq`);
    const body = await second.text();
    expect(renders).toBe(before);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const nonce = nonceOf(second);
    expect(nonce).not.toBe(nonceOf(first));
    expect(body).toContain(`nonce="${nonce}"`);
    const tokens = body.match(FORM_TOKEN_PATTERN) ?? [];
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
    expect(firstBody.match(FORM_TOKEN_PATTERN)?.[0]).not.toBe(tokens[0]);
  });

  it("answers 304 to a matching ETag, without a CSP that would not fit the kept body", async () => {
    const first = await fetch(`${url}/faq`);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${url}/faq`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("bypasses requests with cookies and never stores responses that set one or fail", async () => {
    await fetch(`${url}/faq`);
    const before = renders;
    const withCookie = await fetch(`${url}/faq`, { headers: { Cookie: "fr_toast=abc" } });
    expect(withCookie.headers.get("x-page-cache")).toBeNull();
    expect(renders).toBe(before + 1);

    await fetch(`${url}/faq?toast=1`);
    await fetch(`${url}/faq?toast=1`);
    expect(renders).toBe(before + 3);

    await fetch(`${url}/contact`);
    const missing = await fetch(`${url}/contact`);
    expect(missing.status).toBe(404);
    expect(renders).toBe(before + 5);
  });

  it("drops everything at once when invalidated", async () => {
    await fetch(`${url}/faq`);
    content = "second";
    await invalidatePublicPages({ notify: async () => {} });
    const fresh = await fetch(`${url}/faq`);
    expect(await fresh.text()).toContain("second");
  });
});

describe("serveFromPageCache (hits before Express)", () => {
  const cache = createPageCache();
  let expressRequests = 0;
  let url = "";
  let server: http.Server;
  // A page bigger than deflate's 32 KB window, with a nonce or a token every few hundred bytes.
  const paragraphs = Array.from(
    { length: 400 },
    (_, index) => `<p>Paragraph ${index} of a long insight about ${index % 7} things.</p>`,
  );

  beforeAll(async () => {
    const app = express();
    app.use((_request, response, next) => {
      expressRequests++;
      response.locals.nonce = randomBytes(16).toString("base64");
      response.setHeader("Content-Security-Policy", `script-src 'nonce-${response.locals.nonce}'`);
      next();
    });
    app.use(pageCacheMiddleware({ cache, secret }));
    app.get(["/insights/long", "/pricing"], (_request, response) => {
      const nonce = response.locals.nonce;
      const html = paragraphs
        .map((paragraph, index) =>
          index % 3 === 0
            ? `${paragraph}<script nonce="${nonce}">${index}</script>`
            : index % 5 === 0
              ? `${paragraph}<input value="${issueFormToken(secret)}">`
              : paragraph,
        )
        .join("\n");
      response.type("html").send(`<html>${html}</html>`);
    });
    server = http.createServer((request, response) => {
      const handled = serveFromPageCache(request, response, {
        cache,
        secret,
        headersFor: (nonce) => [["Content-Security-Policy", `script-src 'nonce-${nonce}'`]],
        skip: (path) => path === "/pricing",
      });
      if (!handled) app(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The page with this response's nonce and token put back as placeholders. */
  function normalised(body: string, csp: string | undefined) {
    const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "missing";
    return body.replaceAll(nonce, "NONCE").replace(FORM_TOKEN_PATTERN, "TOKEN");
  }

  it("answers hits without Express, gzip and plain alike, with fresh values", async () => {
    const first = await rawGet(`${url}/insights/long`);
    expect(first.headers["x-page-cache"]).toBe("miss");
    const before = expressRequests;

    const plain = await rawGet(`${url}/insights/long`);
    const gzip = await rawGet(`${url}/insights/long`, { "Accept-Encoding": "gzip, br" });
    expect(expressRequests).toBe(before);
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);

    const unzipped = gunzipSync(gzip.body).toString();
    const csp = gzip.headers["content-security-policy"] as string;
    expect(normalised(unzipped, csp)).toBe(
      normalised(plain.body.toString(), plain.headers["content-security-policy"] as string),
    );
    expect(normalised(unzipped, csp)).toBe(
      normalised(first.body.toString(), first.headers["content-security-policy"] as string),
    );
    expect(unzipped).toContain(`<script nonce="${/'nonce-([^']+)'/.exec(csp)?.[1]}">0</script>`);
    const tokens = new Set(unzipped.match(FORM_TOKEN_PATTERN));
    expect(tokens.size).toBe(1);
    expect(plain.body.toString()).not.toContain([...tokens][0]);
  });

  it("leaves redirected paths, cookies and other methods to Express", async () => {
    await rawGet(`${url}/pricing`);
    const before = expressRequests;
    const redirected = await rawGet(`${url}/pricing`);
    expect(expressRequests).toBe(before + 1);
    expect(redirected.headers["x-page-cache"]).toBe("hit");

    await rawGet(`${url}/insights/long`, { Cookie: "fr_toast=x" });
    expect(expressRequests).toBe(before + 2);
  });
});

describeEachDatabase("invalidation through NOTIFY", (get) => {
  it("reaches every listening instance", async () => {
    const database = get();
    const caches = [createPageCache(), createPageCache()];
    const stops = await Promise.all(caches.map((cache) => listenForInvalidations(database, cache)));
    const entry = createEntry("x", { contentType: "text/html", hasNonce: false });
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
