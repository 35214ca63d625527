import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { AppError } from "#server/errors.ts";
import { tempFile } from "#tests/helpers/imports.ts";
import { openSafeZip, readZipEntry, uploadsZipLimits } from "./zip-reader";

async function zipBytes(add: (zip: yazl.ZipFile) => void) {
  const zip = new yazl.ZipFile();
  add(zip);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function refusal(bytes: Buffer, limits = uploadsZipLimits) {
  const error = await openSafeZip(tempFile("test.zip", bytes), limits).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe("reading a zip sent to the server", () => {
  it("lists its files and reads one, within its size", async () => {
    const bytes = await zipBytes((zip) => {
      zip.addBuffer(Buffer.from("hello"), "uploads/2024/01/a.txt");
      zip.addEmptyDirectory("uploads/empty");
    });
    const zip = await openSafeZip(tempFile("ok.zip", bytes), uploadsZipLimits);
    try {
      expect([...zip.files.keys()]).toEqual(["uploads/2024/01/a.txt"]);
      const entry = zip.files.get("uploads/2024/01/a.txt");
      if (!entry) throw new Error("missing");
      expect((await readZipEntry(zip, entry, 10))?.toString()).toBe("hello");
      expect(await readZipEntry(zip, entry, 3)).toBeUndefined();
    } finally {
      zip.close();
    }
  });

  it("refuses a zip naming a path outside itself", async () => {
    const bytes = await zipBytes((zip) => zip.addBuffer(Buffer.from("x"), "zz/evil.png"));
    // The same name in both headers, written as ../ after the fact (zip tools refuse to).
    const crafted = Buffer.from(
      bytes.toString("latin1").replaceAll("zz/evil.png", "../evil.png"),
      "latin1",
    );
    expect(await refusal(crafted)).toMatch(/names a file outside itself/);
  });

  it("refuses a symbolic link", async () => {
    const bytes = await zipBytes((zip) =>
      zip.addBuffer(Buffer.from("/etc/passwd"), "uploads/link.png", { mode: 0o120777 }),
    );
    expect(await refusal(bytes)).toMatch(/symbolic link/);
  });

  it("refuses a zip bomb and more entries or bytes than allowed", async () => {
    const bomb = await zipBytes((zip) =>
      zip.addBuffer(Buffer.alloc(20 * 1024 * 1024), "uploads/zeros.png"),
    );
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb)).toMatch(/zip bomb/);
    const many = await zipBytes((zip) => {
      for (let index = 0; index < 12; index++) zip.addBuffer(Buffer.from("x"), `f${index}.txt`);
    });
    expect(await refusal(many, { ...uploadsZipLimits, maxEntries: 10 })).toMatch(
      /holds 12 entries/,
    );
    const big = await zipBytes((zip) =>
      zip.addBuffer(Buffer.alloc(4096, 1), "big.bin", { compress: false }),
    );
    expect(await refusal(big, { ...uploadsZipLimits, maxTotalBytes: 1024 })).toMatch(
      /unpacks to more than/,
    );
    expect(await refusal(Buffer.from("not a zip at all"))).toMatch(/not a zip file/);
  });
});
