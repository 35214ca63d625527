import path from "node:path";
import { AppError } from "#server/errors.ts";
import { saveUpload } from "#server/media/media.ts";
import { uploadLimits } from "#server/media/validate-upload.ts";
import { FetchFailedError, safeFetch, UnsafeAddressError } from "#server/net/safe-fetch.ts";
import { type ConvertedHtml, shorten } from "./html-to-markdown";
import { findImported, recordImported } from "./ledger";
import { relativeUploadPath, type SiteState } from "./site-state";
import type { ImportContext, ItemResult, PlannedItem } from "./types";
import { readZipEntry } from "./zip-reader";

/**
 * The images of imported posts and pages: each comes into the media library once (from the
 * uploads zip, else fetched with `safeFetch`, else listed as missing), and the Markdown that
 * shows it then points at the library's copy.
 */

/** The candidates of an image address in an uploads folder: as written, then the full size. */
function zipCandidates(address: string) {
  let pathname = address;
  try {
    pathname = decodeURIComponent(new URL(address, "http://x").pathname);
  } catch {
    // a path as it is
  }
  const relative = relativeUploadPath(pathname).replace(/^size\/w\d+\//, "");
  const original = relative
    .replace(/-\d+x\d+(\.[a-z0-9]+)$/i, "$1")
    .replace(/-scaled(\.[a-z0-9]+)$/i, "$1");
  return [...new Set([relative, original])];
}

type ImageSource =
  | { kind: "zip"; entry: string }
  | { kind: "url"; url: string }
  | { kind: "missing"; reason: string };

function imageSourceOf(address: string, context: ImportContext, state: SiteState): ImageSource {
  for (const candidate of zipCandidates(address)) {
    const entry = state.zipPaths.get(candidate);
    if (entry) return { kind: "zip", entry };
  }
  let url: URL | undefined;
  try {
    url = new URL(
      address.replace(/^__GHOST_URL__/, state.siteUrl || "__GHOST_URL__"),
      state.siteUrl || undefined,
    );
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "http:" || url.protocol === "https:"))
    return { kind: "url", url: url.href };
  return {
    kind: "missing",
    reason: context.zip
      ? "not in the uploads zip, and the address is not a full web address"
      : "the address is not a full web address: add the uploads folder as a zip, or give the old site's address",
  };
}

function describeSource(source: ImageSource) {
  if (source.kind === "zip") return `From the uploads zip (${source.entry}).`;
  if (source.kind === "url")
    return `Fetched from ${new URL(source.url).host} when imported; listed as missing if it does not answer.`;
  return `${source.reason[0].toUpperCase()}${source.reason.slice(1)}.`;
}

/** An image's bytes from the zip or its address; a reason instead when they cannot be had. */
async function imageBytes(source: ImageSource, context: ImportContext) {
  if (source.kind === "missing") return { reason: source.reason };
  if (source.kind === "zip") {
    const entry = context.zip?.files.get(source.entry);
    if (!entry || !context.zip) return { reason: "not in the uploads zip any more" };
    const bytes = await readZipEntry(context.zip, entry, uploadLimits.image);
    return bytes ? { bytes } : { reason: "larger than the 10 MB an image may be" };
  }
  try {
    const answer = await safeFetch(source.url, {
      timeoutMs: 20_000,
      maxBytes: uploadLimits.image,
      allowedOrigins: context.env.PRIVATE_FETCH_ORIGINS ?? [],
      headers: { Accept: "image/*" },
    });
    if (answer.status !== 200) return { reason: `its address answered ${answer.status}` };
    return { bytes: answer.body };
  } catch (error) {
    if (error instanceof UnsafeAddressError || error instanceof FetchFailedError)
      return {
        reason:
          error instanceof FetchFailedError && error.reason === "too-large"
            ? "larger than the 10 MB an image may be"
            : error.message,
      };
    throw error;
  }
}

export function planImage(
  image: { src: string; alt: string },
  owner: { origin: string; title: string },
  context: ImportContext,
  state: SiteState,
): PlannedItem | undefined {
  if (state.plannedImages.has(image.src)) return undefined;
  state.plannedImages.add(image.src);
  const source = imageSourceOf(image.src, context, state);
  const label = path.posix.basename(image.src.split("?")[0]) || image.src;
  const key = { source: state.source, itemKind: "image", sourceKey: image.src };
  return {
    itemKind: "image",
    origin: owner.origin,
    label,
    action: source.kind === "missing" ? "skip" : "create",
    reason: source.kind === "missing" ? `Missing: ${source.reason}.` : describeSource(source),
    run: async (): Promise<ItemResult> => {
      if (await findImported(context.db, key))
        return { outcome: "skipped", note: "Imported before." };
      const got = await imageBytes(source, context);
      if ("reason" in got) return { outcome: "missing", note: `Missing: ${got.reason}.` };
      try {
        const saved = await saveUpload({
          db: context.db,
          env: context.env,
          bytes: got.bytes,
          kind: "image",
          alt: shorten(image.alt || owner.title || label, 300),
          originalName: label,
          actorId: context.actor.id,
        });
        await recordImported(context.db, { ...key, targetId: saved.id, targetUrl: saved.url });
        return { outcome: "created", note: describeSource(source), targetHref: saved.url };
      } catch (error) {
        if (error instanceof AppError)
          return { outcome: "missing", note: `Missing: ${error.message}` };
        throw error;
      }
    },
  };
}

/** Replaces image addresses in Markdown with the media library's, where the image came in. */
export async function withImportedImages(
  markdown: string,
  images: ConvertedHtml["images"],
  context: ImportContext,
  state: SiteState,
) {
  let result = markdown;
  for (const image of images) {
    const found = await findImported(context.db, {
      source: state.source,
      itemKind: "image",
      sourceKey: image.src,
    });
    if (found?.targetUrl) result = result.split(`](${image.src}`).join(`](${found.targetUrl}`);
  }
  return result;
}
