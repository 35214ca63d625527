import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredBrotliWindow, firstChunk, rawGet, rawRequest } from "#tests/helpers/http.ts";
import { captureResponse } from "./capture-response";
import { brotliWindowBits, compressWholeBodies } from "./compress-whole";

const page = `<!DOCTYPE html><html><body>${"<p>Engineering the digital frontier.</p>".repeat(200)}</body></html>`;

describe("compressWholeBodies", () => {
  let base = "";
  let close = () => {};
  let releaseStream = () => {};

  beforeAll(async () => {
    const app = express();
    // As the product installs them: the streaming middleware first, then this one.
    app.use(compression());
    app.use(compressWholeBodies());
    app.get("/page", (_request, response) => {
      // Sent as our React Router adapter sends a rendered page: headers, then one end.
      response.status(200).type("text/html; charset=utf-8");
      response.end(Buffer.from(page));
    });
    app.get("/pieces", (_request, response) => {
      response.status(200).type("text/html; charset=utf-8");
      response.write(page.slice(0, 1000));
      response.write(page.slice(1000));
      response.end();
    });
    app.get("/rewritten", (_request, response, next) => {
      // A layer that rewrites the page (as the SEO overrides do) sees it unencoded.
      captureResponse(response, (body) =>
        Buffer.from(body.toString().replace("<body>", "<body><h1>Rewritten</h1>")),
      );
      next();
    });
    app.get("/rewritten", (_request, response) => {
      response.type("html").send(page);
    });
    app.get("/json", (_request, response) => {
      response.json({
        items: Array.from({ length: 100 }, (_, index) => ({ index, name: "an item" })),
      });
    });
    app.get("/small", (_request, response) => {
      response.type("html").send("<p>Small.</p>");
    });
    app.get("/no-transform", (_request, response) => {
      response.set("Cache-Control", "no-transform").type("html").send(page);
    });
    app.get("/stream", (_request, response) => {
      // As the live settings' event stream answers (decision 507).
      response.set("Cache-Control", "no-transform").type("text/event-stream");
      response.write("data: first\n\n");
      releaseStream = () => response.end("data: last\n\n");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("sends a whole page gzipped in one piece, with its length", async () => {
    const answer = await rawGet(`${base}/page`, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(answer.body).toString()).toBe(page);
    expect(answer.body.length).toBeLessThan(page.length / 10);
  });

  it("leaves a page written in pieces to the streaming middleware", async () => {
    const answer = await rawGet(`${base}/pieces`, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(answer.body).toString()).toBe(page);
  });

  it("prefers Brotli when the browser takes it, and follows q-values", async () => {
    const brotli = await rawGet(`${base}/page`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);
    // A window that just holds the page (8 KB here), not Brotli's default of 4 MB.
    const window = declaredBrotliWindow(brotli.body);
    expect(2 ** window - 16).toBeGreaterThanOrEqual(Buffer.byteLength(page));
    expect(2 ** (window - 1) - 16).toBeLessThan(Buffer.byteLength(page));
    const gzip = await rawGet(`${base}/page`, { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const identity = await rawGet(`${base}/page`, { "Accept-Encoding": "gzip;q=0, identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(page);
  });

  it("encodes what the layers after it made of the page", async () => {
    const answer = await rawGet(`${base}/rewritten`, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toContain("<body><h1>Rewritten</h1>");
  });

  it("compresses JSON answers too", async () => {
    const answer = await rawGet(`${base}/json`, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(answer.body).toString()).items).toHaveLength(100);
  });

  it("leaves small bodies, no-transform responses, HEAD requests and plain clients alone", async () => {
    const small = await rawGet(`${base}/small`, { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>Small.</p>");
    const untransformed = await rawGet(`${base}/no-transform`, { "Accept-Encoding": "gzip" });
    expect(untransformed.headers["content-encoding"]).toBeUndefined();
    expect(untransformed.body.toString()).toBe(page);
    const head = await rawRequest(`${base}/page`, {
      method: "HEAD",
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const plain = await rawGet(`${base}/page`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("does not hold back a streamed body", async () => {
    const first = await firstChunk(`${base}/stream`, { "Accept-Encoding": "gzip" }, () =>
      releaseStream(),
    );
    expect(first).toBe("data: first\n\n");
  });
});

describe("brotliWindowBits", () => {
  it("is the smallest window that holds the body, within Brotli's bounds", () => {
    expect(brotliWindowBits(48_083)).toBe(16);
    expect(brotliWindowBits(65_520)).toBe(16);
    expect(brotliWindowBits(65_521)).toBe(17);
    expect(brotliWindowBits(20)).toBe(10);
    expect(brotliWindowBits(50_000_000)).toBe(22);
  });
});
