import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerWithStaff, signInCookie, startServerWithStaff } from "#tests/helpers/auth.ts";
import { startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";
import { tableCounts } from "./hostile-helpers";

// Hostile files through the real upload endpoint, over HTTP, as an admin. The
// domain checks themselves are unit-tested in server/media/media.test.ts (a
// script named .png, empty and oversize files, SVG scripts/handlers/outside
// references, a pixel bomb); this covers what only the whole path shows:
// polyglots, names that lie, the multipart layer, and that a refusal leaves no
// file under DATA_DIR/uploads and no media row.

let server: ServerWithStaff;
let cookie = "";

/** Every stored file, relative to the uploads directory. */
function storedFiles() {
  const root = path.join(server.dataDir, "uploads");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

async function upload(
  bytes: Uint8Array,
  name: string,
  kind: string,
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("alt", "A hostile test file");
  form.append("file", new Blob([Buffer.from(bytes)], { type }), name);
  const response = await fetch(`${server.url}/admin/media/upload`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  let body: { ok?: boolean; error?: string; media?: { url: string; variants?: unknown } } = {};
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, text, body };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
const encoder = new TextEncoder();
const join = (...parts: Array<Uint8Array | string>) =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part)));
const SCRIPT = "<script>window.__xss=1</script>";

let mediaBefore = 0;
let accepted = 0;

beforeAll(async () => {
  const first = await startServerWithStaff({ keepData: true });
  await first.stop();
  mediaBefore = (await tableCounts(first.dataDir)).media;
  server = { ...(await startServer({ dataDir: first.dataDir })), staff: first.staff };
  cookie = await signInCookie(server, server.staff.admin);
}, budget(120_000));

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** A refusal: a 4xx with a message a person can act on, and nothing stored. */
async function expectRefused(bytes: Uint8Array, name: string, kind: string, message?: RegExp) {
  const before = storedFiles();
  const answer = await upload(bytes, name, kind);
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text).toBeLessThan(500);
  expect(answer.body.ok).toBe(false);
  expect(answer.body.error?.length ?? 0).toBeGreaterThan(10);
  if (message) expect(answer.body.error).toMatch(message);
  expect(storedFiles()).toEqual(before);
  return answer;
}

describe("hostile uploads", () => {
  it("re-encodes a PNG with HTML and script appended, so nothing of the payload is served", async () => {
    const polyglot = join(await png(), `<html><body>${SCRIPT}</body></html>`);
    const answer = await upload(polyglot, "innocent.png", "image", "image/png");
    if (answer.status >= 400) {
      expect(answer.status).toBeLessThan(500);
      return;
    }
    accepted += 1;
    expect(answer.status).toBe(200);
    const url = answer.body.media?.url ?? "";
    expect(url).toMatch(/^\/uploads\//);
    for (const file of storedFiles()) {
      const served = await fetch(`${server.url}/uploads/${file}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes("<script"), file).toBe(false);
      expect(bytes.includes("<html"), file).toBe(false);
      expect(served.headers.get("content-type") ?? "").toMatch(/^image\/(webp|avif|png|jpeg)/);
      expect(served.headers.get("x-content-type-options")).toMatch(/nosniff/);
    }
  });

  it("refuses a GIF/JavaScript polyglot", async () => {
    // Valid JavaScript and a GIF header at once: "GIF89a" is an identifier, the rest a comment.
    const gifJs = join("GIF89a/*", Buffer.alloc(32, 0), "*/=1;window.__xss=1;//");
    await expectRefused(gifJs, "avatar.gif", "image");
  });

  it("refuses a PNG whose name says SVG when SVG is not allowed, and never stores it as SVG", async () => {
    const answer = await upload(await png(), "logo.svg", "image", "image/svg+xml");
    if (answer.status === 200) {
      accepted += 1;
      expect(answer.body.media?.url ?? "").not.toMatch(/\.svg$/);
    } else expect(answer.status).toBe(415);
  });

  it("refuses an SVG named .png for a photo", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`;
    await expectRefused(encoder.encode(svg), "photo.png", "image", /PNG|JPEG|WebP|image/);
  });

  it("refuses SVG logos that script, handle events, load from outside or embed HTML", async () => {
    const head = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">`;
    const hostile = [
      `${head}<script>window.__xss=1</script></svg>`,
      `${head.replace("<svg ", '<svg onload="window.__xss=1" ')}</svg>`,
      `${head}<image href="https://evil.example/track.png" width="10" height="10"/></svg>`,
      `${head}<use xlink:href="https://evil.example/sprite.svg#a"/></svg>`,
      `${head}<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.__xss=1"/></div></foreignObject></svg>`,
      `${head}<a href="javascript:window.__xss=1"><rect width="10" height="10"/></a></svg>`,
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${head}<text>&x;</text></svg>`,
    ];
    for (const svg of hostile) {
      const before = storedFiles();
      const answer = await upload(encoder.encode(svg), "logo.svg", "logo", "image/svg+xml");
      expect(answer.status, svg).toBeLessThan(500);
      if (answer.status === 200) {
        // Cleaned instead of refused: what is served must carry none of it.
        accepted += 1;
        const served = await (await fetch(`${server.url}${answer.body.media?.url}`)).text();
        expect(served, svg).not.toMatch(
          /script|onload|onerror|javascript:|evil\.example|ENTITY|passwd/i,
        );
      } else {
        expect(answer.status, svg).toBeGreaterThanOrEqual(400);
        expect(storedFiles()).toEqual(before);
      }
    }
  });

  it("refuses a small PNG that declares a huge picture (decompression bomb)", async () => {
    const bomb = await png();
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    await expectRefused(bomb, "bomb.png", "image");
  });

  it("refuses an empty file, a file too large for its kind, and a missing file", async () => {
    await expectRefused(new Uint8Array(0), "empty.png", "image", /empty/i);
    const large = join(await png(), Buffer.alloc(2 * 1024 * 1024 + 10, 7));
    await expectRefused(large, "huge-logo.png", "logo", /MB/);
    const before = storedFiles();
    const form = new FormData();
    form.append("kind", "image");
    form.append("alt", "nothing");
    const missing = await fetch(`${server.url}/admin/media/upload`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: cookie },
      body: form,
    });
    expect(missing.status).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it(
    "refuses a body larger than any upload allows before reading it",
    async () => {
      const before = storedFiles();
      const huge = Buffer.alloc(202 * 1024 * 1024, 1);
      const response = await fetch(`${server.url}/admin/media/upload`, {
        method: "POST",
        headers: {
          Origin: server.url,
          Cookie: cookie,
          "Content-Type": "multipart/form-data; boundary=xyz",
        },
        body: huge,
      }).catch(() => undefined);
      if (response) expect(response.status).toBe(413);
      expect(storedFiles()).toEqual(before);
    },
    budget(60_000),
  );

  it("refuses a truncated multipart body and an upload without the admin session", async () => {
    const truncated = await fetch(`${server.url}/admin/media/upload`, {
      method: "POST",
      headers: {
        Origin: server.url,
        Cookie: cookie,
        "Content-Type": "multipart/form-data; boundary=xyz",
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(truncated.status).toBeGreaterThanOrEqual(400);
    expect(truncated.status).toBeLessThan(500);
    const anonymous = await fetch(`${server.url}/admin/media/upload`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: (() => {
        const form = new FormData();
        form.append("kind", "image");
        return form;
      })(),
    });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });

  it(
    "keeps exactly one media row per accepted upload",
    async () => {
      await server.stop();
      const counts = await tableCounts(server.dataDir);
      expect(counts.media - mediaBefore).toBe(accepted);
      // Restart so afterAll's stop has a server to stop.
      const restarted = await startServer({ dataDir: server.dataDir });
      server = { ...restarted, staff: server.staff };
    },
    budget(60_000),
  );
});
