import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";
import { AppError, DISK_FULL_MESSAGE } from "./errors";
import { readForm, UNSUPPORTED_BODY } from "./form-body";

/** A form's file as it was written to a temporary file while it arrived: never whole in memory. */
export type UploadedFile = { path: string; size: number; name: string; type: string };

export type UploadForm = {
  /** The form's text fields (a file sent in any other field is dropped). */
  fields: FormData;
  /** The file sent in the expected field, if any. */
  file?: UploadedFile;
  /** Deletes the temporary file: call it in `finally`, whatever became of the upload. */
  discard(): Promise<void>;
};

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
/** Temporary files older than this are left from a crash (a kill during an upload). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

const temporaryRoot = (dataDir: string) => path.join(dataDir, "tmp");

/** Whether a file system error means the disk (or the user's quota on it) is full. */
function isDiskFull(error: unknown) {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** The refusal of a file the server has no room to write: a 503, the person can try later. */
const diskFull = () => new AppError("UNAVAILABLE", DISK_FULL_MESSAGE, { retryAfterSeconds: 60 });

function unreadable() {
  return new Response(UNSUPPORTED_BODY, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * A file written as its stream arrives. Once a write fails (the disk is full) the rest is
 * read and dropped: a file stream left unread would hold the form's parser, and the request
 * would never be answered. `failure()` says what went wrong, once the stream has ended.
 */
function writeUntilFailure(file: string) {
  const output = createWriteStream(file);
  let failure: Error | undefined;
  output.on("error", (error) => {
    failure ??= error;
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (failure) return callback();
      output.write(chunk, (error) => {
        if (error) failure ??= error;
        callback();
      });
    },
    final(callback) {
      if (failure) {
        output.destroy();
        return callback();
      }
      output.end(() => callback());
    },
  });
  return { stream, failure: () => failure };
}

/**
 * Reads a form that may carry one file in `fileField`. A multipart body goes through
 * busboy, a kept streaming parser, and the file is written to a temporary file under
 * DATA_DIR/tmp as it arrives, counted against `maxFileBytes` (past it: 413 with
 * `tooLarge`). Any other form is read as usual (`readForm`). The whole body is already
 * bounded by the route's limit (server/body-limit.ts).
 */
export async function readUploadForm(
  request: Request,
  options: { dataDir: string; fileField: string; maxFileBytes: number; tooLarge: string },
): Promise<UploadForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body)
    return { fields: await readForm(request), discard: async () => {} };

  const directory = await mkdir(temporaryRoot(options.dataDir), { recursive: true })
    .then(() => mkdtemp(path.join(temporaryRoot(options.dataDir), "upload-")))
    .catch((error: unknown) => {
      throw isDiskFull(error) ? diskFull() : error;
    });
  const discard = () => rm(directory, { recursive: true, force: true });
  try {
    const fields = new FormData();
    let file: UploadedFile | undefined;
    let refusal: AppError | undefined;
    const writes: Promise<void>[] = [];
    const parser = Busboy({
      headers: { "content-type": contentType },
      limits: {
        files: 1,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + 1,
        fieldSize: MAX_FIELD_BYTES,
        fileSize: options.maxFileBytes,
        headerPairs: 20,
      },
    });
    const refuse = (error: AppError) => {
      refusal ??= error;
    };
    parser.on("field", (name, value, _nameTruncated, isValueTruncated) => {
      if (isValueTruncated)
        refuse(new AppError("PAYLOAD_TOO_LARGE", "A field of this form is too long."));
      else fields.append(name, value);
    });
    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      if (name !== options.fileField || file) {
        stream.resume();
        return;
      }
      const uploaded: UploadedFile = {
        path: path.join(directory, "upload"),
        size: 0,
        name: filename ?? "",
        type: mimeType,
      };
      file = uploaded;
      stream.on("limit", () => refuse(new AppError("PAYLOAD_TOO_LARGE", options.tooLarge)));
      const output = writeUntilFailure(uploaded.path);
      const write = pipeline(stream, output.stream).then(() => {
        const failure = output.failure();
        if (!failure) return;
        if (isDiskFull(failure)) refuse(diskFull());
        else throw failure;
      });
      // Awaited below; when the body breaks first, its failure is the one reported.
      write.catch(() => {});
      writes.push(write);
    });
    const tooMany = () =>
      refuse(new AppError("INVALID", "This form has more fields than it should. Reload the page."));
    parser.on("fieldsLimit", tooMany);
    parser.on("partsLimit", tooMany);
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
    if (refusal) throw refusal;
    const found = file as UploadedFile | undefined;
    if (found) found.size = (await stat(found.path)).size;
    return { fields, file: found, discard };
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    // A broken or cut-off body (the connection closed, the limit answered 413).
    throw unreadable();
  }
}

/** The first `length` bytes of a file (fewer when it is shorter), for type detection. */
export async function readFileHead(file: string, length: number) {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Removes temporary upload files a crash left behind (run at start-up). */
export async function removeStaleUploads(dataDir: string) {
  const root = temporaryRoot(dataDir);
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const entry of entries.filter((name) => name.startsWith("upload-"))) {
    const directory = path.join(root, entry);
    const info = await stat(directory).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_AFTER_MS)
      await rm(directory, { recursive: true, force: true });
  }
}
