import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError } from "#server/errors.ts";

/**
 * Zips sent to the server (an uploads folder, a Frontier archive) are read in place, entry
 * by entry, never unpacked by their names: nothing they name is written anywhere. Still, a
 * zip that names a path outside itself, holds a symbolic link or would unpack to far more
 * than it weighs is refused whole, before anything is read (decision 523).
 */
export type ZipLimits = {
  /** The most entries (files and folders). */
  maxEntries: number;
  /** The most bytes all files unpack to, together. */
  maxTotalBytes: number;
  /** The most one entry may unpack to per byte it takes in the zip (a zip bomb's mark). */
  maxRatio: number;
};

export const uploadsZipLimits: ZipLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 20 * 1024 ** 3,
  maxRatio: 200,
};

export type SafeZip = {
  /** Files (not folders) by their name in the zip. */
  files: Map<string, Entry>;
  /** One file's bytes as a stream, checked against its declared size as it is read. */
  open(entry: Entry): Promise<Readable>;
  close(): void;
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function refused(message: string) {
  return new AppError("INVALID", message);
}

function isUnsafeName(name: string) {
  return (
    name.startsWith("/") ||
    name.includes("\\") ||
    /^[a-z]:/i.test(name) ||
    name.split("/").some((part) => part === "..") ||
    name.includes("\0")
  );
}

/** Opens a zip on disk and checks every entry; refuses the whole zip with a reason. */
export async function openSafeZip(file: string, limits: ZipLimits): Promise<SafeZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, opened) =>
        error
          ? reject(refused(`This is not a zip file that can be read (${error.message}).`))
          : resolve(opened),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refused(
        `The zip holds ${zip.entryCount.toLocaleString("en")} entries; at most ${limits.maxEntries.toLocaleString("en")} are read.`,
      );
    const files = new Map<string, Entry>();
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) => {
        if (error instanceof AppError) return reject(error);
        // yauzl's own check of names comes first: the same refusal, in our words.
        if (/relative path|absolute path|invalid characters/i.test(error.message))
          return reject(
            refused(`The zip names a file outside itself (${error.message}); it was refused.`),
          );
        reject(refused(`The zip is damaged (${error.message}).`));
      });
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        const name = entry.fileName;
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        if (isUnsafeName(name))
          return reject(
            refused(`The zip names a file outside itself (${name.slice(0, 120)}); it was refused.`),
          );
        if (mode === S_IFLNK)
          return reject(
            refused(`The zip holds a symbolic link (${name.slice(0, 120)}); it was refused.`),
          );
        if (!name.endsWith("/")) {
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes)
            return reject(
              refused(
                `The zip unpacks to more than ${Math.round(limits.maxTotalBytes / 1024 ** 3)} GB; it was refused.`,
              ),
            );
          if (
            entry.uncompressedSize > 1024 * 1024 &&
            entry.uncompressedSize > Math.max(entry.compressedSize, 1) * limits.maxRatio
          )
            return reject(
              refused(
                `${name.slice(0, 120)} in the zip unpacks to ${limits.maxRatio} times its size or more (a zip bomb); it was refused.`,
              ),
            );
          files.set(name, entry);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
    return {
      files,
      open: (entry) =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(entry, (error, stream) =>
            error
              ? reject(
                  refused(`${entry.fileName} could not be read from the zip (${error.message}).`),
                )
              : resolve(stream),
          ),
        ),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** An entry's bytes, when it is small enough to hold (an image); refused past `maxBytes`. */
export async function readZipEntry(zip: SafeZip, entry: Entry, maxBytes: number) {
  if (entry.uncompressedSize > maxBytes) return undefined;
  const stream = await zip.open(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
