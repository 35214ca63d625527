import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntry, createPageCache } from "./cache/page-cache";
import { createHttpServer } from "./http-server";

// The server `npm start` runs: a plain anonymous read of a cached page is answered on the
// connection (decision 730) and never reaches the app's request listener; anything else does.
describe("the product's HTTP server", () => {
  const cache = createPageCache();
  const reachedApp: string[] = [];
  let url = "";
  let http: ReturnType<typeof createHttpServer>;

  beforeAll(async () => {
    const entry = await createEntry({
      body: Buffer.from(
        "<!DOCTYPE html><title>Home</title><p>Engineering the digital frontier.</p>",
      ),
      contentType: "text/html; charset=utf-8",
      headers: [],
    });
    cache.set("/", entry, cache.generation);
    const handle = (request: IncomingMessage, response: ServerResponse) => {
      reachedApp.push(`${request.method} ${request.url}`);
      response.end("rendered by the app");
    };
    http = createHttpServer({ REQUEST_TIMEOUT_SECONDS: 600 }, handle, {
      cache,
      skip: () => false,
    });
    await new Promise<void>((resolve) => http.server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const closed = new Promise((resolve) => http.server.close(resolve));
    http.closeIdleConnections();
    await closed;
  });

  it("answers a cached page before the app, and a signed-in request through it", async () => {
    const hit = await fetch(`${url}/`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toContain("Engineering the digital frontier.");
    expect(reachedApp).toEqual([]);

    const signedIn = await fetch(`${url}/`, { headers: { Cookie: "frontier.session=s" } });
    expect(await signedIn.text()).toBe("rendered by the app");
    expect(reachedApp).toEqual(["GET /"]);
  });

  it("keeps Node's limits on how long a request may take to arrive", () => {
    expect(http.server.requestTimeout).toBe(600_000);
    expect(http.server.headersTimeout).toBe(20_000);
    expect(http.server.keepAliveTimeout).toBe(5_000);
  });
});
