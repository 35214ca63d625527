import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor, limitRequestBodies } from "./body-limit";

const KB = 1024;
const MB = 1024 * KB;

describe("bodyLimitFor", () => {
  it("gives uploads their file limit, long admin texts a few MB and other forms 64 KB", () => {
    const limit = (path: string, isMultipart = false) => bodyLimitFor({ path, isMultipart }).bytes;
    expect(limit("/contact")).toBe(64 * KB);
    expect(limit("/contact.data")).toBe(64 * KB);
    expect(limit("/login")).toBe(64 * KB);
    expect(limit("/api/auth/sign-out")).toBe(16 * KB);
    expect(limit("/api/chat")).toBe(64 * KB);
    expect(limit("/api/v1/leads")).toBe(64 * KB);
    expect(bodyLimitFor({ path: "/api/v1/leads", isMultipart: false }).jsonBody).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "The body is larger than 64 KB." },
    });
    expect(limit("/api/event")).toBe(4 * KB);
    expect(limit("/api/proposal-view")).toBe(4 * KB);
    expect(limit("/admin/insights/edit/1.data")).toBe(2 * MB);
    expect(limit("/admin/subscribers", true)).toBe(16 * MB);
    expect(limit("/admin/media/upload", true)).toBe(200 * MB + 64 * KB);
    expect(limit("/onboarding/abc", true)).toBe(10 * MB + 64 * KB);
    expect(limit("/onboarding/abc.data", true)).toBe(10 * MB + 64 * KB);
    // Only a multipart form carries a file: the same address's text forms get a text limit.
    expect(limit("/onboarding/abc")).toBe(256 * KB);
    expect(limit("/onboarding/abc/autosave", true)).toBe(256 * KB);
    // Imports: the export, then its uploads folder; their other forms are ordinary admin forms.
    expect(limit("/admin/import", true)).toBe(512 * MB + 64 * KB);
    expect(limit("/admin/import/0f6c1f5e-0000-4000-8000-000000000000", true)).toBe(
      2048 * MB + 64 * KB,
    );
    expect(limit("/admin/import/0f6c1f5e-0000-4000-8000-000000000000")).toBe(2 * MB);
  });
});

describe("limitRequestBodies", () => {
  let server: http.Server;
  let port = 0;
  const seen: number[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies());
    // A reader like React Router's: takes every chunk as it comes.
    app.post("/*splat", async (request, response) => {
      let bytes = 0;
      try {
        for await (const chunk of request) bytes += (chunk as Buffer).length;
      } catch {}
      seen.push(bytes);
      if (!response.headersSent) response.type("text/plain").send(`read ${bytes}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends `total` bytes in 16 KB chunks (no Content-Length unless given); stops at the answer. */
  function post(path: string, total: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(
        { port, host: "127.0.0.1", path, method: "POST", headers },
        (response) => {
          answered = true;
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
          response.on("error", () => resolve({ status: response.statusCode ?? 0, body, sent }));
        },
      );
      request.on("error", (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(16 * KB, 97);
      const write = () => {
        while (sent < total && !answered && !request.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
          sent += piece.length;
          if (!request.write(piece)) return void request.once("drain", write);
        }
        if (!answered && !request.destroyed) request.end();
      };
      write();
    });
  }

  it("lets a body within the limit through whole", async () => {
    const answer = await post("/contact", 60 * KB, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(answer).toMatchObject({ status: 200, body: `read ${60 * KB}` });
  });

  it("answers a chunked body past the limit 413 with the reason, having read little more", async () => {
    seen.length = 0;
    const answer = await post("/contact", 50 * MB, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large to send \(the limit is 64 KB\)/);
    expect(answer.sent).toBeLessThan(50 * MB);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toBeLessThanOrEqual(64 * KB + 16 * KB);
  });

  /** A raw connection that sends a POST's head to `path`; records what comes back, in order. */
  function rawPost(path: string, headers: string, { allowHalfOpen = false } = {}) {
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen });
    const client = {
      socket,
      received: "",
      events: [] as string[],
      closed: new Promise((resolve) => socket.once("close", resolve)),
      /** Resolves once the bytes are handed to the system, with the write's error if any. */
      send: (bytes: Buffer | string) =>
        new Promise<Error | undefined>((resolve) =>
          socket.write(bytes, (error) => resolve(error ?? undefined)),
        ),
    };
    socket.on("data", (data) => {
      client.received += data;
    });
    socket.on("end", () => client.events.push("end"));
    socket.on("error", (error) => client.events.push(`error ${error.message}`));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}` +
        "Content-Type: application/x-www-form-urlencoded\r\n\r\n",
    );
    return client;
  }

  it("lets a client still sending when the 413 goes out read all of it, then closes the connection", async () => {
    seen.length = 0;
    const client = rawPost("/contact", "Transfer-Encoding: chunked\r\n");
    const chunks = (count: number) => `4000\r\n${"a".repeat(16 * KB)}\r\n`.repeat(count);
    // Past the limit; the answer is not read while more of the body goes out after it.
    client.socket.pause();
    await client.send(chunks(8));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    await client.send(chunks(8));
    client.socket.resume();
    await client.closed;
    // A connection closed at once would have reset the client's writes, the answer unread.
    expect(client.events[0]).toBe("end");
    expect(client.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(client.received).toMatch(/Connection: close/i);
    expect(client.received).toMatch(/too large to send \(the limit is 64 KB\)/);
  });

  it("keeps a connection refused by its declared length open while the client still sends", async () => {
    seen.length = 0;
    const client = rawPost("/contact", `Content-Length: ${300 * MB}\r\n`);
    await expect.poll(() => client.received).toMatch(/too large to send \(the limit is 64 KB\)/);
    // Twice what is read and dropped: a connection closed once 1 MB was dropped (or at the
    // answer) would reset these writes; here the rest waits in the socket's buffers.
    expect(await client.send(Buffer.alloc(MB, 97))).toBeUndefined();
    expect(await client.send(Buffer.alloc(MB, 97))).toBeUndefined();
    expect(seen).toEqual([]);
    // Another request's whole round trip: time for a reset to have arrived, were there one.
    expect((await post("/contact", 10, { "Content-Length": "10" })).status).toBe(200);
    expect(client.events).toEqual([]);
    expect(client.socket.destroyed).toBe(false);
    expect(client.received).toMatch(/^HTTP\/1\.1 413 /);
    await client.closed;
  });

  /** Sends `count` pieces of `size` bytes, one every `everyMs`: a slow client's upload. */
  async function trickle(
    client: ReturnType<typeof rawPost>,
    count: number,
    size: number,
    everyMs: number,
  ) {
    for (let piece = 0; piece < count; piece++) {
      const error = await client.send(Buffer.alloc(size, 97));
      if (error) return error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    return undefined;
  }

  it("lingers while a slow client still sends a refused body, then serves its next request", async () => {
    seen.length = 0;
    const body = 120 * KB;
    const client = rawPost("/contact", `Content-Length: ${body}\r\n`);
    await expect.poll(() => client.received).toMatch(/too large to send/);
    // 3 s in all, longer than the linger's idle time: only the client's progress keeps it open.
    expect(await trickle(client, 12, body / 12, 250)).toBeUndefined();
    client.received = "";
    client.socket.write("GET /next HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
    await expect.poll(() => client.received).toMatch(/^HTTP\/1\.1 404 /);
    expect(client.events).toEqual([]);
    expect(seen).toEqual([]);
    client.socket.destroy();
  });

  it("closes a refused connection the client asked to close only once its body has ended", async () => {
    const body = 120 * KB;
    // A client that goes on sending after the server's end of the connection has closed.
    const client = rawPost("/contact", `Connection: close\r\nContent-Length: ${body}\r\n`, {
      allowHalfOpen: true,
    });
    await expect.poll(() => client.received).toMatch(/too large to send/);
    // Closed at the answer, these writes would be reset.
    expect(await trickle(client, 12, body / 12, 250)).toBeUndefined();
    client.socket.end();
    await client.closed;
    expect(client.events).toEqual(["end"]);
    expect(client.received).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("bounds Better Auth's addresses by declared length only: a chunked body is refused 411", async () => {
    seen.length = 0;
    const chunked = await post("/api/auth/sign-out", 1 * MB, {
      "Content-Type": "application/json",
    });
    expect(chunked.status).toBe(411);
    const declared = await post("/api/auth/sign-out", 20 * KB, {
      "Content-Type": "application/json",
      "Content-Length": String(20 * KB),
    });
    expect(declared.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("refuses a declared length past the limit before reading anything", async () => {
    seen.length = 0;
    const answer = await post("/admin/media/upload", 16 * KB, {
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": String(300 * MB),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: "The file is larger than any upload allows (200 MB).",
    });
    expect(seen).toEqual([]);
  });
});
