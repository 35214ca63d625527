import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Metadata } from "sharp";
import type { Db, Tx } from "#server/db/client.ts";
import { type MediaVariant, media, mediaUsages } from "#server/db/schema/media.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { log } from "#server/log.ts";
import { getStorage } from "#server/storage/storage.ts";
import { StorageError } from "#server/storage/storage-errors.ts";
import type { Storage, StoredBody } from "#server/storage/storage-type.ts";
import { readFileHead } from "#server/upload-form.ts";
import { checkUpload, SNIFF_BYTES, sanitizeSvg, type UploadKind } from "./validate-upload";

/** The widths the site's pages use for content images (cover, inline, social). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Larger pictures than this (in pixels) are refused before decoding: a decompression bomb. */
export const MAX_INPUT_PIXELS = 50_000_000;
const LOGO_MAX_WIDTH = 1200;

type StorageEnv = Parameters<typeof getStorage>[0];

export type SavedMedia = {
  id: string;
  kind: UploadKind;
  url: string;
  alt: string;
  contentType: string;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
};

type Rendition = {
  suffix: string;
  body: StoredBody;
  contentType: string;
  format: string;
  width?: number;
};

/** Pictures are decoded from the bytes, or from the file a streamed upload was written to. */
async function renderImage(input: Uint8Array | string, kind: UploadKind, format: string) {
  // Loaded at the first upload, not at start: sharp and libvips are ~25 MB of memory (decision 703).
  const { default: sharp } = await import("sharp");
  const source = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  let info: Metadata;
  try {
    info = await source().metadata();
  } catch (error) {
    const message = String((error as Error).message ?? "");
    if (/pixel limit/i.test(message))
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `This picture has too many pixels (over ${MAX_INPUT_PIXELS / 1_000_000} million). Resize it and upload it again.`,
      );
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This image is damaged and cannot be read.");
  }
  const width = info.autoOrient?.width ?? info.width ?? 0;
  const height = info.autoOrient?.height ?? info.height ?? 0;
  if (!width || !height)
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This image is damaged and cannot be read.");
  if (width * height > MAX_INPUT_PIXELS)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      "This picture has too many pixels. Resize it and upload it again.",
    );

  const renditions: Rendition[] = [];
  try {
    if (kind === "logo") {
      // Logos keep their look: one PNG (the header's fallback) and one WebP, metadata removed.
      const resized = () => source().resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true });
      renditions.push({
        suffix: "logo.png",
        body: await resized().png().toBuffer(),
        contentType: "image/png",
        format: "png",
      });
      renditions.push({
        suffix: "logo.webp",
        body: await resized().webp({ quality: 90 }).toBuffer(),
        contentType: "image/webp",
        format: "webp",
      });
    } else {
      const widths: number[] = IMAGE_WIDTHS.filter((target) => target < width);
      if (widths.length < IMAGE_WIDTHS.length)
        widths.push(Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]));
      for (const target of [...new Set(widths)]) {
        const resized = () => source().resize({ width: target, withoutEnlargement: true });
        renditions.push({
          suffix: `${target}.webp`,
          body: await resized().webp({ quality: 82 }).toBuffer(),
          contentType: "image/webp",
          format: "webp",
          width: target,
        });
        renditions.push({
          suffix: `${target}.avif`,
          body: await resized().avif({ quality: 55, effort: 2 }).toBuffer(),
          contentType: "image/avif",
          format: "avif",
          width: target,
        });
      }
    }
  } catch (error) {
    log.warn(`could not re-encode an uploaded ${format}`, error);
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This image is damaged and cannot be read.");
  }
  return { width, height, renditions };
}

/**
 * Checks an upload by its bytes, re-encodes images (sizes the site uses,
 * metadata stripped), stores every rendition under a random name and records
 * the file. A refusal leaves nothing behind: no stored file, no record.
 */
export async function saveUpload(options: {
  db: Db;
  env: StorageEnv;
  /** The file's bytes, or (a streamed upload) the temporary file they were written to. */
  bytes?: Uint8Array;
  file?: { path: string; size: number };
  kind: UploadKind;
  alt: string;
  originalName?: string;
  actorId?: string | null;
}): Promise<SavedMedia> {
  const { db, env, kind } = options;
  const alt = options.alt.trim();
  if ((kind === "image" || kind === "logo") && !alt)
    throw new AppError(
      "INVALID",
      "Describe the image in the alt text: people who cannot see it read that instead.",
      {
        fieldErrors: { alt: ["Enter alt text for the image."] },
      },
    );
  if (alt.length > 300)
    throw new AppError("INVALID", "Keep the alt text under 300 characters.", {
      fieldErrors: { alt: ["At most 300 characters."] },
    });

  const { file } = options;
  const bytes = options.bytes ?? new Uint8Array(0);
  const size = file ? file.size : bytes.length;
  const head = file ? await readFileHead(file.path, SNIFF_BYTES) : bytes;
  const checked = checkUpload({ head, size, kind });
  const name = randomBytes(16).toString("hex");
  const folder = { image: "images", logo: "logos", audio: "audio", document: "documents" }[kind];
  let width: number | null = null;
  let height: number | null = null;
  let renditions: Rendition[];
  if (checked.family === "raster") {
    const rendered = await renderImage(file ? file.path : bytes, kind, checked.extension);
    ({ width, height } = rendered);
    renditions = rendered.renditions;
  } else {
    // SVG logos (2 MB at most) are cleaned in memory; audio and documents are stored as sent.
    const body: StoredBody =
      checked.family === "svg"
        ? sanitizeSvg(file ? await readFile(file.path) : bytes)
        : file
          ? file
          : Buffer.from(bytes);
    renditions = [
      {
        suffix: `.${checked.extension}`,
        body,
        contentType: checked.contentType,
        format: checked.extension,
      },
    ];
  }

  const storage = getStorage(env);
  const stored: string[] = [];
  const variants: MediaVariant[] = [];
  try {
    for (const rendition of renditions) {
      const key = `${folder}/${name}${rendition.suffix.startsWith(".") ? "" : "-"}${rendition.suffix}`;
      await storage.put(key, rendition.body, rendition.contentType);
      stored.push(key);
      variants.push({
        key,
        url: `/uploads/${key}`,
        width: rendition.width,
        format: rendition.format,
        bytes: Buffer.isBuffer(rendition.body) ? rendition.body.length : rendition.body.size,
      });
    }
    const main = pickMainVariant(variants);
    const [row] = await db
      .insert(media)
      .values({
        kind,
        url: main.url,
        contentType: renditions[variants.indexOf(main)].contentType,
        bytes: size,
        width,
        height,
        alt,
        originalName: options.originalName?.slice(0, 200),
        variants,
        createdBy: options.actorId ?? null,
      })
      .returning();
    return {
      id: row.id,
      kind,
      url: row.url,
      alt: row.alt,
      contentType: row.contentType,
      width,
      height,
      variants,
    };
  } catch (error) {
    await removeStoredObjects(db, storage, stored);
    throw error;
  }
}

/** The job that removes what a failed upload left in storage, once storage answers again. */
export const MEDIA_REMOVE_OBJECTS_JOB = "media.remove-objects";

const isGone = (error: unknown) => error instanceof StorageError && error.failure === "not-found";

/**
 * Removes the objects an upload stored before it failed. What storage does not remove now
 * (S3 went away mid-upload) is left to a job that tries again with the queue's backoff (about
 * a day in all), so no object stays without its media row.
 */
export async function removeStoredObjects(db: Db, storage: Storage, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const left = keys.filter((_, index) => {
    const result = results[index];
    return result.status === "rejected" && !isGone(result.reason);
  });
  if (left.length === 0) return;
  await enqueueJob(db, {
    kind: MEDIA_REMOVE_OBJECTS_JOB,
    payload: { keys: left },
    runAt: new Date(Date.now() + 30_000),
    maxAttempts: 12,
  }).catch((error) =>
    log.error(`could not queue the removal of ${left.length} stored objects`, error),
  );
}

/** The job: every key removed (one already gone counts), or it fails and runs again later. */
export async function removeStoredObjectsJob(payload: Record<string, unknown>, env: StorageEnv) {
  const keys = Array.isArray(payload.keys)
    ? payload.keys.filter((key): key is string => typeof key === "string")
    : [];
  const storage = getStorage(env);
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
}

/** The URL pages show: the largest WebP for images, the PNG for logos, the file itself otherwise. */
function pickMainVariant(variants: MediaVariant[]) {
  const png = variants.find((variant) => variant.format === "png");
  if (png) return png;
  const webps = variants.filter((variant) => variant.format === "webp");
  if (webps.length) return webps.reduce((a, b) => ((a.width ?? 0) >= (b.width ?? 0) ? a : b));
  return variants[0];
}

/** Media URLs mentioned in a text (Markdown body, settings values). */
export function mediaUrlsIn(text: string): string[] {
  return [...new Set(text.match(/\/uploads\/[A-Za-z0-9/_.-]+/g) ?? [])];
}

/**
 * Records which files a record uses now (replacing what it used before), so a
 * file still in use cannot be deleted.
 */
export async function setMediaUsage(
  db: Db | Tx,
  options: { usedBy: string; label: string; urls: Array<string | null | undefined> },
) {
  const urls = [
    ...new Set(options.urls.filter((url): url is string => Boolean(url)).flatMap(mediaUrlsIn)),
  ];
  const rows = urls.length
    ? await db
        .select({ id: media.id })
        .from(media)
        .where(
          sql`${media.url} in ${urls} or exists (select 1 from jsonb_array_elements(${media.variants}) v where v->>'url' in ${urls})`,
        )
    : [];
  const ids = rows.map((row) => row.id);
  await db
    .delete(mediaUsages)
    .where(
      ids.length
        ? and(eq(mediaUsages.usedBy, options.usedBy), notInArray(mediaUsages.mediaId, ids))
        : eq(mediaUsages.usedBy, options.usedBy),
    );
  if (ids.length)
    await db
      .insert(mediaUsages)
      .values(ids.map((mediaId) => ({ mediaId, usedBy: options.usedBy, label: options.label })))
      .onConflictDoUpdate({
        target: [mediaUsages.mediaId, mediaUsages.usedBy],
        set: { label: options.label },
      });
}

/** Forgets every file a record used (the record is gone). */
export async function clearMediaUsage(db: Db | Tx, usedBy: string) {
  await db.delete(mediaUsages).where(eq(mediaUsages.usedBy, usedBy));
}

/** Deletes a file and its renditions, unless something still uses it (the refusal names them). */
export async function deleteMedia(options: { db: Db; env: StorageEnv; id: string }) {
  const { db, env, id } = options;
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row)
    throw new AppError("NOT_FOUND", "That file does not exist (it may have been deleted already).");
  const users = await db
    .select({ label: mediaUsages.label })
    .from(mediaUsages)
    .where(eq(mediaUsages.mediaId, id))
    .orderBy(mediaUsages.label);
  if (users.length)
    throw new AppError(
      "CONFLICT",
      `This file is still used by ${users.map((user) => user.label).join(", ")}. Remove it there first.`,
    );
  const storage = getStorage(env);
  for (const variant of row.variants) {
    try {
      await storage.delete(variant.key);
    } catch (error) {
      // Already gone from storage: the record still goes.
      if (!(error instanceof StorageError && error.failure === "not-found")) throw error;
    }
  }
  await db.delete(media).where(eq(media.id, id));
}

/** Uploaded files, newest first, with where each is used. */
export async function findMedia(db: Db, options: { kind?: UploadKind; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(media)
    .where(options.kind ? eq(media.kind, options.kind) : undefined)
    .orderBy(desc(media.createdAt))
    .limit(options.limit ?? 100);
  const usages = rows.length
    ? await db
        .select()
        .from(mediaUsages)
        .where(
          inArray(
            mediaUsages.mediaId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    usedBy: usages.filter((usage) => usage.mediaId === row.id).map((usage) => usage.label),
  }));
}
