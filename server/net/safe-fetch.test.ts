import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FetchFailedError, type LookupAll, safeFetch, UnsafeAddressError } from "./safe-fetch";

type Local = { server: Server; port: number; origin: string; hits: string[] };

/** A local HTTP server that counts what reaches it. */
async function startLocal(listener: RequestListener): Promise<Local> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? "");
    listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, origin: `http://127.0.0.1:${port}`, hits };
}

/** DNS as the tests want it: each name to the addresses given. */
const fakeDns =
  (names: Record<string, string[]>): LookupAll =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("fetching an address staff typed", () => {
  let secret: Local;
  let media: Local;
  beforeAll(async () => {
    secret = await startLocal((_request, response) => {
      response.setHeader("Content-Type", "text/plain");
      response.end("internal admin page");
    });
    media = await startLocal((request, response) => {
      if (request.url === "/to-secret") {
        response.writeHead(302, { Location: `${secret.origin}/admin` });
        response.end();
      } else if (request.url === "/to-name") {
        response.writeHead(301, { Location: `http://internal.example.com:${secret.port}/admin` });
        response.end();
      } else if (request.url === "/loop") {
        response.writeHead(302, { Location: "/loop" });
        response.end();
      } else if (request.url === "/big") {
        response.end(Buffer.alloc(2048));
      } else if (request.url === "/slow") {
        // Never answers: the deadline ends it.
      } else if (request.url === "/moved") {
        response.writeHead(302, { Location: "/episode.mp3" });
        response.end();
      } else {
        response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": "4" });
        response.end(request.method === "HEAD" ? undefined : "ID3!");
      }
    });
  });
  afterAll(() => {
    secret.server.closeAllConnections();
    media.server.closeAllConnections();
    secret.server.close();
    media.server.close();
  });

  it("refuses loopback, private, link-local and IPv4-mapped addresses without connecting", async () => {
    const port = secret.port;
    for (const url of [
      `http://127.0.0.1:${port}/admin`,
      `http://localhost:${port}/admin`,
      `http://[::1]:${port}/admin`,
      `http://[::ffff:127.0.0.1]:${port}/admin`,
      `http://2130706433:${port}/admin`,
      `http://0x7f.1:${port}/admin`,
      `http://0.0.0.0:${port}/admin`,
      "http://10.1.2.3/admin",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/admin",
    ]) {
      const error = await failure(safeFetch(url, { method: "HEAD" }));
      expect(error, url).toBeInstanceOf(UnsafeAddressError);
      expect((error as Error).message, url).toMatch(/private or local network/);
    }
    expect(secret.hits).toEqual([]);
  });

  it("refuses a name that resolves to a private address, or has one among its addresses", async () => {
    const lookup = fakeDns({
      "cdn.example.com": ["127.0.0.1"],
      "mixed.example.com": ["93.184.215.14", "10.0.0.7"],
      "v6.example.com": ["::1"],
    });
    for (const host of ["cdn.example.com", "mixed.example.com", "v6.example.com"]) {
      const error = await failure(safeFetch(`http://${host}:${secret.port}/admin`, { lookup }));
      expect(error, host).toBeInstanceOf(UnsafeAddressError);
    }
    expect(secret.hits).toEqual([]);
  });

  it("follows redirects one hop at a time, refusing one that leads inside", async () => {
    // media.example.com stands for a public host: its origin is allowed, and it lives here.
    const lookup = fakeDns({
      "media.example.com": ["127.0.0.1"],
      "internal.example.com": ["127.0.0.1"],
    });
    const allowedOrigins = [`http://media.example.com:${media.port}`];
    for (const path of ["/to-secret", "/to-name"]) {
      const error = await failure(
        safeFetch(`http://media.example.com:${media.port}${path}`, { lookup, allowedOrigins }),
      );
      expect(error, path).toBeInstanceOf(UnsafeAddressError);
      expect((error as Error).message).toMatch(/redirects elsewhere: .* private or local network/);
    }
    expect(media.hits).toEqual(["/to-secret", "/to-name"]);
    expect(secret.hits).toEqual([]);
  });

  it("fetches an allowed address, pinned to the address it checked", async () => {
    let lookups = 0;
    const lookup: LookupAll = async (hostname) => {
      lookups++;
      return fakeDns({ "media.example.com": ["127.0.0.1"] })(hostname);
    };
    const response = await safeFetch(`http://media.example.com:${media.port}/moved`, {
      lookup,
      allowedOrigins: [`http://media.example.com:${media.port}`],
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("audio/mpeg");
    expect(response.body.toString()).toBe("ID3!");
    expect(response.url).toBe(`http://media.example.com:${media.port}/episode.mp3`);
    // One resolution per hop, none left to the HTTP client.
    expect(lookups).toBe(2);
  });

  it("limits the size, the time and the redirects, and takes only http and https", async () => {
    const allowedOrigins = [media.origin];
    const big = await failure(safeFetch(`${media.origin}/big`, { allowedOrigins, maxBytes: 1024 }));
    expect((big as FetchFailedError).reason).toBe("too-large");
    const slow = await failure(
      safeFetch(`${media.origin}/slow`, { allowedOrigins, timeoutMs: 300 }),
    );
    expect((slow as FetchFailedError).reason).toBe("timeout");
    const loop = await failure(safeFetch(`${media.origin}/loop`, { allowedOrigins }));
    expect((loop as FetchFailedError).reason).toBe("redirects");
    for (const url of ["file:///etc/passwd", "ftp://example.com/a.mp3", "gopher://127.0.0.1:70/"])
      expect(await failure(safeFetch(url)), url).toBeInstanceOf(UnsafeAddressError);
  });
});
