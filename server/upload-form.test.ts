import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";
import { readUploadForm } from "./upload-form";

// A disk that fills up: while `isDiskFull` is set, a file written through createWriteStream
// fails with ENOSPC after its first bytes, as a write to a full disk does.
const disk = vi.hoisted(() => ({ isFull: false }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const createWriteStream: typeof fs.createWriteStream = (...args) => {
    if (!disk.isFull) return fs.createWriteStream(...args);
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written <= 1024) return callback();
        callback(
          Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
        );
      },
    }) as ReturnType<typeof fs.createWriteStream>;
  };
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-upload-form-"));
const temporary = () => readdirSync(path.join(dataDir, "tmp"));
const options = { dataDir, fileField: "file", maxFileBytes: 1024, tooLarge: "Too large." };

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request("http://frontier.test/upload", { method: "POST", body: form });
}

describe("readUploadForm", () => {
  it("writes the file to a temporary file and gives back the fields; discard removes it", async () => {
    const bytes = Buffer.alloc(1024, 7);
    const upload = await readUploadForm(
      multipart({ intent: "upload", alt: "A logo" }, { name: "logo.png", bytes }),
      options,
    );
    expect(upload.fields.get("intent")).toBe("upload");
    expect(upload.fields.get("alt")).toBe("A logo");
    expect(upload.file).toMatchObject({ name: "logo.png", size: 1024 });
    expect(readFileSync(upload.file?.path ?? "").equals(bytes)).toBe(true);
    await upload.discard();
    expect(temporary()).toEqual([]);
  });

  it("refuses a file past its limit with 413 and keeps nothing of it", async () => {
    const failure = await readUploadForm(
      multipart({ intent: "upload" }, { name: "big.png", bytes: Buffer.alloc(1025) }),
      options,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 413, message: "Too large." });
    expect(temporary()).toEqual([]);
  });

  it("answers a cut-off multipart body 400 and keeps nothing of it", async () => {
    const request = new Request("http://frontier.test/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nhalf a fi',
    });
    const failure = await readUploadForm(request, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(400);
    expect(temporary()).toEqual([]);
  });

  it("answers a file the full disk cannot hold 503, at once, and keeps nothing of it", async () => {
    disk.isFull = true;
    try {
      // Far larger than the streams' buffers: the parser must not wait for the file's stream.
      const failure = await readUploadForm(
        multipart({ intent: "upload" }, { name: "big.png", bytes: Buffer.alloc(4 * 1024 * 1024) }),
        { ...options, maxFileBytes: 8 * 1024 * 1024 },
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 503, retryAfterSeconds: 60 });
      expect((failure as AppError).message).toMatch(/disk is full/);
      expect(temporary()).toEqual([]);
    } finally {
      disk.isFull = false;
    }
  }, 10_000);

  it("reads a form without a file as usual", async () => {
    const upload = await readUploadForm(
      new Request("http://frontier.test/upload", {
        method: "POST",
        body: new URLSearchParams({ intent: "save" }),
      }),
      { ...options, dataDir: path.join(dataDir, "unused") },
    );
    expect(upload.fields.get("intent")).toBe("save");
    expect(upload.file).toBeUndefined();
    expect(existsSync(path.join(dataDir, "unused"))).toBe(false);
  });
});
