import sanitizeHtml from "sanitize-html";
import { AppError } from "#server/errors.ts";

/** What an upload is for; each purpose accepts its own file types. */
export type UploadKind = "image" | "logo" | "audio" | "document";

export type DetectedType = {
  contentType: string;
  extension: string;
  family: "raster" | "svg" | "audio" | "pdf";
};

const MB = 1024 * 1024;

/** How many first bytes `detectFileType` reads at most (an SVG's opening). */
export const SNIFF_BYTES = 4096;

/** The largest upload each purpose accepts (docs/decisions/501-upload-limits.md). */
export const uploadLimits: Record<UploadKind, number> = {
  image: 10 * MB,
  logo: 2 * MB,
  audio: 200 * MB,
  document: 25 * MB,
};

const accepted: Record<UploadKind, string> = {
  image: "PNG, JPEG, WebP, AVIF or GIF image",
  logo: "PNG, JPEG, WebP, AVIF, GIF or SVG image",
  audio: "MP3, M4A, WAV or OGG audio file",
  document: "PDF document",
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number) {
  return Buffer.from(bytes.subarray(start, end)).toString("latin1");
}

/** The ISO base media brands (ftyp box) a file declares: major brand plus compatible ones. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const boxSize = Math.min(Buffer.from(bytes).readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** The file type its bytes say it is, whatever its name or declared type says. */
export function detectFileType(bytes: Uint8Array): DetectedType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: "image/png", extension: "png", family: "raster" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { contentType: "image/jpeg", extension: "jpg", family: "raster" };
  const head = ascii(bytes, 0, 12);
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a"))
    return { contentType: "image/gif", extension: "gif", family: "raster" };
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP")
    return { contentType: "image/webp", extension: "webp", family: "raster" };
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WAVE")
    return { contentType: "audio/wav", extension: "wav", family: "audio" };
  if (head.startsWith("OggS"))
    return { contentType: "audio/ogg", extension: "ogg", family: "audio" };
  if (head.startsWith("%PDF-"))
    return { contentType: "application/pdf", extension: "pdf", family: "pdf" };
  const brands = isoBrands(bytes);
  if (brands.some((brand) => brand === "avif" || brand === "avis"))
    return { contentType: "image/avif", extension: "avif", family: "raster" };
  if (brands.some((brand) => brand === "M4A " || brand === "M4B "))
    return { contentType: "audio/mp4", extension: "m4a", family: "audio" };
  if (
    head.startsWith("ID3") ||
    (bytes.length > 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)
  )
    return { contentType: "audio/mpeg", extension: "mp3", family: "audio" };
  if (looksLikeSvg(bytes)) return { contentType: "image/svg+xml", extension: "svg", family: "svg" };
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array) {
  const text = decodeUtf8(bytes.subarray(0, SNIFF_BYTES));
  if (text === undefined) return false;
  const start = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[\s\S]*?\?>/, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trimStart();
  return /^<svg[\s>]/.test(start);
}

function decodeUtf8(bytes: Uint8Array) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const svgElements = [
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "filter",
  "feGaussianBlur",
  "feOffset",
  "feBlend",
  "feColorMatrix",
  "feComposite",
  "feFlood",
  "feMerge",
  "feMergeNode",
  "style",
];

const svgAttributes = [
  "id",
  "class",
  "style",
  "viewBox",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "d",
  "points",
  "fill",
  "fill-rule",
  "fill-opacity",
  "clip-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "transform",
  "preserveAspectRatio",
  "xmlns",
  "xmlns:xlink",
  "version",
  "href",
  "xlink:href",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "patternUnits",
  "clip-path",
  "mask",
  "filter",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "dx",
  "dy",
  "stdDeviation",
  "in",
  "in2",
  "result",
  "mode",
  "values",
  "type",
  "operator",
  "flood-color",
  "flood-opacity",
  "role",
  "aria-label",
  "aria-hidden",
  "focusable",
  "vector-effect",
  "shape-rendering",
];

/**
 * The text as CSS sees it once the XML parser and the CSS tokenizer are done with it: XML
 * character references (`&#117;`) and CSS escapes (`\72`, `\75 `, `\r`) decoded and CSS
 * comments dropped, so `u\72l(` and `&#117;rl(` are the `url(` they stand for.
 */
function asTheBrowserReadsIt(text: string) {
  const character = (code: number) =>
    code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => character(Number(decimal)))
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?/gi, (_, hex: string) =>
      character(Number.parseInt(hex, 16)),
    )
    .replace(/\\\r?\n/g, "")
    .replace(/\\(.)/g, "$1")
    .replace(/\/\*[\s\S]*?\*\//g, "");
}

/** A CSS function or rule that fetches another address: url() to anything but a fragment, image-set() and kin, @import. */
function loadsFromOutside(css: string) {
  return (
    /url\((?!\s*["']?\s*#)/i.test(css) ||
    /(?:image-set|image|cross-fade|src)\(/i.test(css) ||
    /@import/i.test(css)
  );
}

/**
 * Checks an SVG and returns a cleaned copy. A script, an event handler or a
 * reference to anything outside the file refuses it with the reason; anything
 * else outside the allow-list (metadata, editor namespaces, comments) is dropped.
 */
export function sanitizeSvg(bytes: Uint8Array): Buffer {
  const text = decodeUtf8(bytes);
  if (text === undefined)
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This SVG is not valid UTF-8 text.");
  const refuse = (reason: string) => {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `This SVG was refused: ${reason}. Remove it and upload the file again.`,
    );
  };
  if (/<script[\s>/]/i.test(text)) refuse("it contains a script");
  if (/\son[a-z]+\s*=/i.test(text)) refuse("it contains an event handler (an on… attribute)");
  if (/<!ENTITY/i.test(text)) refuse("it declares XML entities");
  if (/<foreignObject[\s>/]/i.test(text)) refuse("it embeds foreign content");
  if (/javascript:/i.test(text)) refuse("it contains a javascript: link");
  if (/(?:xlink:)?href\s*=\s*["']\s*(?!#)/i.test(text))
    refuse("it links to something outside the file");
  if (loadsFromOutside(text) || loadsFromOutside(asTheBrowserReadsIt(text)))
    refuse("it loads something from outside the file");
  const clean = sanitizeHtml(text, {
    allowedTags: svgElements,
    allowedAttributes: { "*": svgAttributes },
    allowedSchemes: [],
    allowVulnerableTags: true,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  }).trim();
  if (!/^<svg[\s>]/.test(clean)) refuse("no drawing was left after cleaning");
  return Buffer.from(clean, "utf8");
}

/**
 * Checks an upload by its size and first bytes (at least `SNIFF_BYTES` of them, or
 * the whole file): not empty, within the purpose's size limit, of a type the
 * purpose accepts. Returns the detected type; refuses with a message a person can act on.
 */
export function checkUpload({
  head,
  size,
  kind,
}: {
  head: Uint8Array;
  size: number;
  kind: UploadKind;
}): DetectedType {
  if (size === 0)
    throw new AppError("INVALID", "The file is empty. Choose a file with something in it.");
  const limit = uploadLimits[kind];
  if (size > limit)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file is ${formatMegabytes(size)}; the limit is ${formatMegabytes(limit)}.`,
    );
  const detected = detectFileType(head);
  const isAccepted =
    detected &&
    ((kind === "image" && detected.family === "raster") ||
      (kind === "logo" && (detected.family === "raster" || detected.family === "svg")) ||
      (kind === "audio" && detected.family === "audio") ||
      (kind === "document" && detected.family === "pdf"));
  if (!detected || !isAccepted) {
    const found = detected ? ` (it is a ${detected.extension.toUpperCase()} file)` : "";
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `This file is not a ${accepted[kind]}${found}, whatever its name says. Choose a ${accepted[kind]}.`,
    );
  }
  return detected;
}

/**
 * Checks an upload held in memory (`checkUpload`). Returns the detected type and
 * the bytes to store (for SVG the cleaned ones).
 */
export function validateUpload({
  bytes,
  kind,
}: {
  bytes: Uint8Array;
  kind: UploadKind;
}): DetectedType & {
  bytes: Uint8Array;
} {
  const detected = checkUpload({ head: bytes, size: bytes.length, kind });
  if (detected.family === "svg") return { ...detected, bytes: sanitizeSvg(bytes) };
  return { ...detected, bytes };
}

export function formatMegabytes(bytes: number) {
  const value = bytes / MB;
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} MB`;
}
