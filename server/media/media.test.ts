import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#server/db/schema/jobs.ts";
import { media } from "#server/db/schema/media.ts";
import { AppError } from "#server/errors.ts";
import { getStorage } from "#server/storage/storage.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  deleteMedia,
  MEDIA_REMOVE_OBJECTS_JOB,
  removeStoredObjects,
  removeStoredObjectsJob,
  saveUpload,
  setMediaUsage,
} from "./media";
import { detectFileType, sanitizeSvg, validateUpload } from "./validate-upload";

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function photo(width = 2000, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: "#2050ff" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .toBuffer();
}

const refusal = (work: () => unknown) =>
  Promise.resolve()
    .then(work)
    .then(
      () => {
        throw new Error("expected a refusal");
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(AppError);
        return error as AppError;
      },
    );

describe("validateUpload", () => {
  it("recognises files by their bytes", () => {
    expect(detectFileType(Buffer.from("ID3\x03\x00rest", "latin1"))?.contentType).toBe(
      "audio/mpeg",
    );
    expect(detectFileType(Buffer.from("OggS\x00\x02", "latin1"))?.contentType).toBe("audio/ogg");
    expect(detectFileType(Buffer.from("RIFF\x00\x00\x00\x00WAVEfmt ", "latin1"))?.contentType).toBe(
      "audio/wav",
    );
    expect(detectFileType(Buffer.from("%PDF-1.7\n"))?.contentType).toBe("application/pdf");
    expect(
      detectFileType(
        Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      )?.family,
    ).toBe("svg");
    expect(detectFileType(Buffer.from("<script>alert(1)</script>"))).toBeUndefined();
  });

  it("refuses a script disguised as a PNG, naming what it accepts", async () => {
    const error = await refusal(() =>
      validateUpload({ bytes: Buffer.from("<script>alert('x')</script>"), kind: "image" }),
    );
    expect(error.message).toMatch(/not a PNG, JPEG, WebP, AVIF or GIF image/);
    expect(error.status).toBe(415);
  });

  it("refuses an empty file and an oversize one", async () => {
    expect(
      (await refusal(() => validateUpload({ bytes: Buffer.alloc(0), kind: "image" }))).message,
    ).toMatch(/empty/);
    const big = Buffer.alloc(11 * 1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const error = await refusal(() => validateUpload({ bytes: big, kind: "image" }));
    expect(error.message).toMatch(/11 MB; the limit is 10 MB/);
    expect(error.status).toBe(413);
  });

  it("accepts SVG only for logos, refuses scripts, handlers and outside references, cleans the rest", async () => {
    const clean = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><metadata>editor</metadata><rect width="10" height="10" fill="#fff"/></svg>',
    );
    expect((await refusal(() => validateUpload({ bytes: clean, kind: "image" }))).message).toMatch(
      /it is a SVG file/,
    );
    const result = validateUpload({ bytes: clean, kind: "logo" });
    expect(Buffer.from(result.bytes).toString()).not.toContain("metadata");
    expect(Buffer.from(result.bytes).toString()).toContain("<rect");
    for (const [svg, reason] of [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', /script/],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', /event handler/],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
        /outside/,
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/a)"/></svg>',
        /outside/,
      ],
    ] as const) {
      expect((await refusal(() => sanitizeSvg(Buffer.from(svg)))).message).toMatch(reason);
    }
  });

  it("refuses a style that reaches outside the file however it is spelt: CSS escapes, character references, comments", async () => {
    const svg = (style: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg"><style>${style}</style><rect class="a"/></svg>`;
    const attribute = (style: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg"><rect style="${style}"/></svg>`;
    for (const hostile of [
      svg(".a{fill:u\\72l(https://evil.example/a)}"),
      svg(".a{fill:\\75 rl(https://evil.example/a)}"),
      svg(".a{fill:u\\000072l(https://evil.example/a)}"),
      svg(".a{fill:\\u\\r\\l(https://evil.example/a)}"),
      svg(".a{background:image-set('https://evil.example/a' 1x)}"),
      svg(".a{background:-webkit-image-set('https://evil.example/a' 1x)}"),
      svg("@\\69mport 'https://evil.example/a.css';"),
      svg("@font-face{font-family:x;src:local(x),u\\rl(https://evil.example/f)}"),
      attribute("fill:u\\72l(https://evil.example/a)"),
      attribute("fill:&#117;rl(https://evil.example/a)"),
      attribute("fill:&#x55;RL(https://evil.example/a)"),
    ])
      expect((await refusal(() => sanitizeSvg(Buffer.from(hostile)))).message, hostile).toMatch(
        /outside/,
      );
    // What drawings really carry still passes: fragments, colours, fonts by name.
    const fine = svg(
      '.a{fill:url(#gradient);stroke:#0a0;font-family:"Open Sans",Arial}.b{clip-path:url( "#clip" )}',
    );
    expect(Buffer.from(sanitizeSvg(Buffer.from(fine))).toString()).toContain("url(#gradient)");
  });
});

describeEachDatabase("media uploads", (get) => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir });
  const uploads = () => path.join(dataDir, "uploads");
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "frontier-media-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** S3 settings naming a port the system just gave and took back: nothing listens there. */
  async function storageAway() {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return {
      DATA_DIR: dataDir,
      S3_BUCKET: "frontier",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
  }

  async function mediaCount() {
    const [{ total }] = await get().db.select({ total: count() }).from(media);
    return total;
  }

  it("refuses with a 503 a person can act on, and records nothing, when S3 cannot be reached", async () => {
    const away = await storageAway();
    const before = await mediaCount();
    const error = await refusal(() =>
      saveUpload({
        db: get().db,
        env: away,
        bytes: Buffer.from("%PDF-1.7\n"),
        kind: "document",
        alt: "",
      }),
    );
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/File storage could not be reached/);
    expect(await mediaCount()).toBe(before);
  });

  it("leaves what storage could not remove to a job that removes it once storage answers", async () => {
    const away = getStorage(await storageAway());
    const key = `images/left-${Date.now()}.webp`;
    await removeStoredObjects(get().db, away, [key]);
    const queued = await get()
      .db.select()
      .from(jobs)
      .where(eq(jobs.kind, MEDIA_REMOVE_OBJECTS_JOB));
    const job = queued.find((row) => (row.payload as { keys: string[] }).keys.includes(key));
    expect(job?.maxAttempts).toBe(12);

    // Storage is back (here: the local disk, holding the object): the job removes it.
    const file = path.join(uploads(), key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "left behind");
    await removeStoredObjectsJob(job!.payload as Record<string, unknown>, env());
    expect(existsSync(file)).toBe(false);
    // Run again (a retry after a crash): an object already gone is not a failure.
    await removeStoredObjectsJob(job!.payload as Record<string, unknown>, env());
  });

  it("re-encodes a photo into the site's sizes as WebP and AVIF, without its metadata", async () => {
    const saved = await saveUpload({
      db: get().db,
      env: env(),
      bytes: await photo(),
      kind: "image",
      alt: "A blue square",
      originalName: "IMG_0001.jpg",
    });
    expect(saved.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}-1600\.webp$/);
    expect(saved.variants.map((variant) => `${variant.width}.${variant.format}`).sort()).toEqual([
      "1600.avif",
      "1600.webp",
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
    ]);
    const files = listFiles(uploads());
    expect(files).toHaveLength(6);
    const stored = await sharp(path.join(uploads(), saved.url.replace("/uploads/", ""))).metadata();
    expect(stored.width).toBe(1600);
    expect(stored.exif).toBeUndefined();
    await deleteMedia({ db: get().db, env: env(), id: saved.id });
    expect(listFiles(uploads())).toHaveLength(0);
  });

  it("leaves nothing behind when it refuses a file", async () => {
    const before = await mediaCount();
    const attempts: Array<[Uint8Array, "image" | "logo"]> = [
      [Buffer.from("#!/bin/sh\nrm -rf /\n"), "image"],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "logo",
      ],
      [Buffer.alloc(0), "image"],
      [
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(11 * 1024 * 1024),
        ]),
        "image",
      ],
      [
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(200),
        ]),
        "image",
      ],
    ];
    for (const [bytes, kind] of attempts) {
      await refusal(() => saveUpload({ db: get().db, env: env(), bytes, kind, alt: "x" }));
    }
    expect(await mediaCount()).toBe(before);
    expect(listFiles(uploads())).toHaveLength(0);
  });

  it("checks a streamed upload from its temporary file exactly as it checks bytes", async () => {
    const asFile = (bytes: Uint8Array) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "frontier-streamed-")), "upload");
      writeFileSync(file, bytes);
      return { path: file, size: bytes.length };
    };
    const before = await mediaCount();
    const saved = await saveUpload({
      db: get().db,
      env: env(),
      file: asFile(await photo(1000, 600)),
      kind: "image",
      alt: "A blue square",
    });
    expect(saved.variants.map((variant) => `${variant.width}.${variant.format}`).sort()).toEqual([
      "1000.avif",
      "1000.webp",
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
    ]);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300_000, 0x20)]);
    const document = await saveUpload({
      db: get().db,
      env: env(),
      file: asFile(pdf),
      kind: "document",
      alt: "",
    });
    const stored = readFileSync(path.join(uploads(), document.url.replace("/uploads/", "")));
    expect(stored.equals(pdf)).toBe(true);
    const logo = await saveUpload({
      db: get().db,
      env: env(),
      file: asFile(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><metadata>editor</metadata><rect width="4" height="4"/></svg>',
        ),
      ),
      kind: "logo",
      alt: "Logo",
    });
    const cleaned = readFileSync(path.join(uploads(), logo.url.replace("/uploads/", "")), "utf8");
    expect(cleaned).not.toContain("metadata");
    for (const id of [saved.id, document.id, logo.id])
      await deleteMedia({ db: get().db, env: env(), id });

    // What bytes are refused for, a file is refused for, and nothing is kept.
    for (const [bytes, kind] of [
      [Buffer.from("#!/bin/sh\nrm -rf /\n"), "image"],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "logo",
      ],
      [Buffer.alloc(0), "document"],
      [Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(26 * 1024 * 1024)]), "document"],
    ] as const)
      await refusal(() =>
        saveUpload({ db: get().db, env: env(), file: asFile(bytes), kind, alt: "x" }),
      );
    expect(await mediaCount()).toBe(before);
    expect(listFiles(uploads())).toHaveLength(0);
  });

  it("requires alt text for images", async () => {
    const error = await refusal(async () =>
      saveUpload({
        db: get().db,
        env: env(),
        bytes: await photo(100, 100),
        kind: "image",
        alt: "  ",
      }),
    );
    expect(error.fieldErrors?.alt).toBeDefined();
  });

  it("refuses a decompression bomb before decoding it", async () => {
    // A tiny PNG whose header claims 100000 × 100000 pixels.
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const error = await refusal(() =>
      saveUpload({ db: get().db, env: env(), bytes: bomb, kind: "image", alt: "bomb" }),
    );
    expect(error.message).toMatch(/too many pixels/);
  });

  it("stores a clean SVG logo and refuses to delete a file still in use, naming its users", async () => {
    const saved = await saveUpload({
      db: get().db,
      env: env(),
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2"/></svg>',
      ),
      kind: "logo",
      alt: "Round logo",
    });
    expect(saved.url).toMatch(/\.svg$/);
    await setMediaUsage(get().db, {
      usedBy: "settings:header",
      label: "Header/Footer settings",
      urls: [saved.url],
    });
    await setMediaUsage(get().db, {
      usedBy: "insight:1",
      label: "Insight “Hello”",
      urls: [`![x](${saved.url})`],
    });
    const error = await refusal(() => deleteMedia({ db: get().db, env: env(), id: saved.id }));
    expect(error.message).toBe(
      "This file is still used by Header/Footer settings, Insight “Hello”. Remove it there first.",
    );
    await setMediaUsage(get().db, {
      usedBy: "settings:header",
      label: "Header/Footer settings",
      urls: [],
    });
    await setMediaUsage(get().db, { usedBy: "insight:1", label: "Insight “Hello”", urls: [] });
    await deleteMedia({ db: get().db, env: env(), id: saved.id });
    expect(await get().db.select().from(media).where(eq(media.id, saved.id))).toHaveLength(0);
  });
});
