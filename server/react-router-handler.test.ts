import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstChunk, rawRequest } from "#tests/helpers/http.ts";
import { handMadeBuild } from "#tests/helpers/server-build.ts";
import type { AppContext } from "./context";
import { reactRouterHandler } from "./react-router-handler";
import { TextStreamResponse } from "./text-stream-response";
import { WholeResponse } from "./whole-response";

// React Router behind our Express adapter, with a build of two routes made here: resource
// routes (a loader and no component) answer with the Response they return, and every
// document goes to the entry's handleRequest, as app/entry.server.tsx answers.

const page = `<!DOCTYPE html><html><body>${"<p>Frontier</p>".repeat(500)}</body></html>`;
let releaseStream = () => {};
let lastAbort: Promise<string> | undefined;

/** The pieces of /text: how many were made, and when their making ended (and how). */
const PIECES = 1000;
const piece = `${"é".repeat(32 * 1024)}\n`;
let textMade = 0;
let textEnded: Promise<string> = Promise.resolve("");
async function* textPieces(failAfter?: number) {
  let ended = (_how: string) => {};
  textEnded = new Promise((resolve) => {
    ended = resolve;
  });
  textMade = 0;
  try {
    for (; textMade < PIECES; textMade++) {
      if (textMade === failAfter) throw new Error("the database went away");
      yield piece;
    }
    ended("complete");
  } finally {
    ended("stopped");
  }
}

const module = (loader: (args: { request: Request }) => unknown, action?: unknown) =>
  ({ loader, action, default: undefined }) as never;

/** A page as app/entry.server.tsx answers it: its bytes in hand, never read as a stream. */
function renderedPage() {
  const answer = new WholeResponse(Buffer.from(page), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
  Object.defineProperty(answer, "body", {
    get() {
      throw new Error("a WholeResponse was read as a stream");
    },
  });
  return answer;
}

const build = handMadeBuild({
  entry: {
    default: (request: Request) =>
      new URL(request.url).searchParams.has("plain")
        ? new Response(page, {
            status: 200,
            headers: { "Content-Type": "text/html; charset=utf-8" },
          })
        : renderedPage(),
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    echo: {
      id: "echo",
      parentId: "root",
      path: "echo",
      module: module(
        ({ request }) =>
          Response.json(
            {
              url: request.url,
              accept: request.headers.get("Accept"),
              cookies: request.headers.get("Cookie"),
              bodyUsed: request.bodyUsed,
            },
            {
              headers: [
                ["Set-Cookie", "a=1"],
                ["Set-Cookie", "b=2"],
              ],
            },
          ),
        async ({ request }: { request: Request }) =>
          Response.json({ received: await request.text() }),
      ),
    },
    stream: {
      id: "stream",
      parentId: "root",
      path: "stream",
      module: module(
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode("first"));
                releaseStream = () => {
                  controller.enqueue(new TextEncoder().encode(" last"));
                  controller.close();
                };
              },
            }),
            { headers: { "Content-Type": "text/plain" } },
          ),
      ),
    },
    text: {
      id: "text",
      parentId: "root",
      path: "text",
      module: module(
        ({ request }) =>
          new TextStreamResponse(
            textPieces(new URL(request.url).searchParams.has("fail") ? 3 : undefined),
            { headers: { "Content-Type": "text/csv; charset=utf-8" } },
          ),
      ),
    },
    slow: {
      id: "slow",
      parentId: "root",
      path: "slow",
      module: module(({ request }) => {
        lastAbort = new Promise((resolve) =>
          request.signal.addEventListener("abort", () => resolve("aborted")),
        );
        return new Promise(() => {});
      }),
    },
  },
});

describe("reactRouterHandler", () => {
  const servers: http.Server[] = [];
  const errors: string[] = [];
  let base = "";
  let trusting = "";

  async function serve(trustProxy: boolean) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.use(
      reactRouterHandler({
        build,
        mode: "production",
        getLoadContext: () => ({}) as AppContext,
      }),
    );
    app.use((error: Error, _request: unknown, _response: unknown, _next: unknown) => {
      errors.push(error.message);
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    base = await serve(false);
    trusting = await serve(true);
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it("sends a rendered page in one piece, with its length, from the bytes it came as", async () => {
    // The entry's WholeResponse throws if its body is read as a stream.
    for (const address of [`${base}/`, `${base}/?plain`]) {
      const answer = await rawRequest(address);
      expect(answer.status, address).toBe(200);
      expect(answer.headers["content-type"], address).toBe("text/html; charset=utf-8");
      expect(answer.headers["transfer-encoding"], address).toBeUndefined();
      expect(Number(answer.headers["content-length"]), address).toBe(Buffer.byteLength(page));
      expect(answer.body.toString(), address).toBe(page);
    }
  });

  it("gives React Router the request's address, headers and body, and sends every cookie", async () => {
    const answer = await rawRequest(`${base}/echo?q=1`, {
      headers: { Host: "frontier.test:8080", Accept: "text/plain", Cookie: "x=1" },
    });
    expect(JSON.parse(answer.body.toString())).toEqual({
      url: "http://frontier.test:8080/echo?q=1",
      accept: "text/plain",
      cookies: "x=1",
      bodyUsed: false,
    });
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    const posted = await rawRequest(`${base}/echo?index`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "a posted body",
    });
    expect(JSON.parse(posted.body.toString())).toEqual({ received: "a posted body" });
  });

  it("reads X-Forwarded-Host only behind a proxy Express trusts", async () => {
    const headers = { Host: "internal:3000", "X-Forwarded-Host": "frontier.test:8443" };
    const urlFrom = async (server: string) =>
      JSON.parse((await rawRequest(`${server}/echo`, { headers })).body.toString()).url;
    expect(await urlFrom(base)).toBe("http://internal:3000/echo");
    expect(await urlFrom(trusting)).toBe("http://frontier.test:8443/echo");
  });

  it("streams a streamed body as it comes", async () => {
    const first = await firstChunk(`${base}/stream`, {}, () => releaseStream());
    expect(first).toBe("first");
  });

  it("writes a TextStreamResponse's pieces whole, as UTF-8", async () => {
    const answer = await rawRequest(`${base}/text`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.body.toString("utf8")).toBe(piece.repeat(PIECES));
    expect(await textEnded).toBe("complete");
  });

  it("reads a TextStreamResponse's next piece only once the socket took the last, and stops when the client goes away", async () => {
    // 1,000 pieces of 64 KB: written without waiting they would all be made at once, into memory.
    const first = await new Promise<Buffer>((resolve, reject) => {
      const sent = http.get(`${base}/text`, (response) => {
        response.once("data", (chunk: Buffer) => {
          resolve(chunk);
          sent.destroy();
        });
      });
      sent.on("error", (error) => {
        if (!sent.destroyed) reject(error);
      });
    });
    expect(first.length).toBeGreaterThan(0);
    expect(await textEnded).toBe("stopped");
    expect(textMade).toBeLessThan(PIECES / 2);
  });

  it("cuts a TextStreamResponse off when a piece fails, and reports the failure", async () => {
    const answer = await new Promise<{ ended: boolean; text: string }>((resolve) => {
      let text = "";
      http.get(`${base}/text?fail`, (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ ended: true, text }));
        response.on("error", () => resolve({ ended: false, text }));
        response.on("aborted", () => resolve({ ended: false, text }));
      });
    });
    expect(answer.ended).toBe(false);
    expect(answer.text.length).toBeLessThanOrEqual(piece.length * 3);
    expect(await textEnded).toBe("stopped");
    expect(errors).toContain("the database went away");
  });

  it("aborts the request's signal when the client goes away", async () => {
    const sent = http.get(`${base}/slow`);
    sent.on("error", () => {});
    while (!lastAbort) await new Promise((resolve) => setImmediate(resolve));
    sent.destroy();
    expect(await lastAbort).toBe("aborted");
  });
});
