import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { crc32, deflateRawSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { RequestHandler } from "express";
import { acceptsGzip } from "#server/accept-encoding.ts";
import { FORM_TOKEN_PATTERN, issueFormToken } from "#server/antispam/antispam.ts";
import { captureResponse } from "#server/capture-response.ts";
import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";

/** The NOTIFY channel every instance listens on to drop its rendered pages. */
export const PUBLIC_PAGES_CHANNEL = "frontier_public_pages";

const NONCE_PLACEHOLDER = "\u0000nonce\u0000";
const TOKEN_PLACEHOLDER = "\u0000form-token\u0000";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholders are NUL-delimited so no page text can match them
const PLACEHOLDERS = /\u0000(nonce|form-token)\u0000/;

type Slot = "nonce" | "form-token";

type Entry = {
  status: number;
  contentType: string;
  etag: string;
  hasNonce: boolean;
  storedAt: number;
  /** The page cut at its placeholders: parts[i] is followed by slots[i] (the last part by nothing). */
  parts: Buffer[];
  slots: Slot[];
  /**
   * Each part compressed once, as raw deflate blocks ending byte-aligned: a gzip answer is
   * these blocks with the fresh nonce and token stored between them, so no response
   * compresses anything. Each part is compressed with the page before it as dictionary,
   * its nonce and token spans filled with NUL bytes that no page text matches, so
   * back-references never reach into the values that change.
   */
  deflated: Buffer[];
};

/** A cache entry for a page whose nonces and form tokens are already placeholders. */
export function createEntry(
  template: string,
  {
    status = 200,
    contentType,
    hasNonce,
  }: { status?: number; contentType: string; hasNonce: boolean },
): Entry {
  const pieces = template.split(PLACEHOLDERS);
  const parts = pieces.filter((_, index) => index % 2 === 0).map((piece) => Buffer.from(piece));
  const slots = pieces.filter((_, index) => index % 2 === 1) as Slot[];
  return {
    status,
    contentType,
    etag: `W/"${createHash("sha256").update(template).digest("base64url").slice(0, 27)}"`,
    hasNonce,
    storedAt: Date.now(),
    parts,
    slots,
    deflated: deflateParts(parts, slots),
  };
}

/** The length of every value a slot takes: a base64 16-byte nonce, an `ft1.{ms}.{mac}` token. */
const SLOT_LENGTH: Record<Slot, number> = { nonce: 24, "form-token": 61 };
const WINDOW = 32 * 1024;

function deflateParts(parts: Buffer[], slots: Slot[]) {
  let before = Buffer.alloc(0);
  return parts.map((part, index) => {
    const deflated = deflateRawSync(part, {
      level: 9,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
      ...(before.length > 0 ? { dictionary: before } : {}),
    });
    const slot = slots[index];
    const next = [before, part];
    if (slot) next.push(Buffer.alloc(SLOT_LENGTH[slot], 0));
    before = Buffer.concat(next);
    if (before.length > WINDOW) before = before.subarray(before.length - WINDOW);
    return deflated;
  });
}

export type PageCache = {
  get(key: string): Entry | undefined;
  set(key: string, entry: Entry, generation: number): boolean;
  clear(): void;
  readonly generation: number;
  readonly size: number;
};

/**
 * The caches of this process. A global (not a module variable) because the
 * React Router build bundles its own copy of this module: an action calling
 * invalidatePublicPages must reach the cache the Express app made.
 */
const registryKey = Symbol.for("frontier.pageCaches");
const globals = globalThis as Record<symbol, Set<PageCache> | undefined>;
globals[registryKey] ??= new Set<PageCache>();
const registry = globals[registryKey];

/**
 * THE function every content write calls after it commits: drops this
 * instance's rendered public pages at once and tells every other instance
 * through NOTIFY.
 */
export async function invalidatePublicPages(
  database: Pick<Database, "notify">,
  reason = "content changed",
) {
  for (const cache of registry) cache.clear();
  await database.notify(PUBLIC_PAGES_CHANNEL, reason.slice(0, 200));
}

export function createPageCache({ maxEntries = 500, ttlMs = 5 * 60 * 1000 } = {}): PageCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const cache: PageCache = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      // Least recently used goes first: re-insert on every hit.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, entry, startedAt) {
      // A page rendered before an invalidation may hold old content: not kept.
      if (startedAt !== generation) return false;
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return true;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
  registry.add(cache);
  return cache;
}

/** Subscribes a cache to the invalidations of every instance. */
export function listenForInvalidations(database: Pick<Database, "listen">, cache: PageCache) {
  return database.listen(PUBLIC_PAGES_CHANNEL, (reason) => {
    log.debug(`public pages invalidated: ${reason}`);
    cache.clear();
  });
}

const publicPaths = [
  /^\/$/,
  /^\/(about-us|services|case-studies|insights|podcasts|faq|pricing|contact|personas)\/?$/,
  /^\/(services|case-studies|insights)\/[\w-]+\/?$/,
  /^\/(insights\.rss|podcasts\.rss|sitemap\.xml|robots\.txt)$/,
];

/** Public pages and feeds; never the command center, client links or data requests. */
export function isCacheablePath(path: string) {
  return publicPaths.some((pattern) => pattern.test(path));
}

const cacheableType = /^(text\/html|application\/(rss\+)?xml|text\/plain|text\/xml)/;

/**
 * Answers anonymous GETs of public pages from the cache. Pages are stored with
 * the CSP nonce and the forms' signed timestamps replaced by placeholders and
 * get fresh ones in every response. A request with any cookie (a toast, a
 * session) or a response that sets one is never cached.
 */
export function pageCacheMiddleware({
  cache,
  secret,
}: {
  cache: PageCache;
  secret: string;
}): RequestHandler {
  return (request, response, next) => {
    const isGet = request.method === "GET";
    if (!isGet && request.method !== "HEAD") return next();
    if (!isCacheablePath(request.path)) return next();
    if (request.headers.cookie || request.headers.authorization) return next();
    const key = request.originalUrl;
    const nonce = String(response.locals.nonce ?? "");

    const entry = cache.get(key);
    if (entry) {
      send(request, response, entry, { nonce, secret, hit: true });
      return;
    }
    if (!isGet) return next();

    const startedAt = cache.generation;
    captureResponse(response, (body) => {
      const contentType = String(response.getHeader("Content-Type") ?? "");
      const isStorable =
        response.statusCode === 200 &&
        cacheableType.test(contentType) &&
        !response.getHeader("Set-Cookie") &&
        !String(response.getHeader("Cache-Control") ?? "").includes("no-store");
      if (!isStorable) return body;
      const html = body.toString("utf8");
      const hasNonce = nonce !== "" && html.includes(nonce);
      const template = (hasNonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html).replace(
        FORM_TOKEN_PATTERN,
        TOKEN_PLACEHOLDER,
      );
      const stored = createEntry(template, { contentType, hasNonce });
      cache.set(key, stored, startedAt);
      setCacheHeaders(response, stored, false);
      return body;
    });
    next();
  };
}

function setCacheHeaders(response: ServerResponse, entry: Entry, hit: boolean) {
  response.setHeader("ETag", entry.etag);
  // Pages carry a per-response nonce: browsers may keep them but must ask again;
  // shared caches must not hand one visitor's nonce to the next.
  response.setHeader(
    "Cache-Control",
    entry.hasNonce ? "private, no-cache" : "public, max-age=300, must-revalidate",
  );
  response.setHeader("X-Page-Cache", hit ? "hit" : "miss");
  response.setHeader("Vary", "Accept-Encoding");
}

/**
 * Answers a public page from the cache straight from Node's HTTP server, before
 * Express: the same checks and headers as the middleware, none of its per-request
 * work. Returns false (touching nothing) when the request is not such a hit.
 */
export function serveFromPageCache(
  request: IncomingMessage,
  response: ServerResponse,
  {
    cache,
    secret,
    headersFor,
    skip,
  }: {
    cache: PageCache;
    secret: string;
    /** The headers every response carries (security headers), for this response's nonce. */
    headersFor: (nonce: string) => Iterable<[string, string]>;
    /** Paths another layer answers first (managed redirects). */
    skip: (path: string) => boolean;
  },
) {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  if (request.headers.cookie || request.headers.authorization) return false;
  const key = request.url ?? "/";
  const query = key.indexOf("?");
  const path = query === -1 ? key : key.slice(0, query);
  if (!isCacheablePath(path) || skip(path)) return false;
  const entry = cache.get(key);
  if (!entry) return false;
  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of headersFor(nonce)) response.setHeader(name, value);
  send(request, response, entry, { nonce, secret, hit: true });
  return true;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  options: { nonce: string; secret: string; hit: boolean },
) {
  setCacheHeaders(response, entry, options.hit);
  const etags = (request.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim());
  if (etags.includes(entry.etag) || etags.includes("*")) {
    // The browser keeps the body it has and the CSP that came with it (its nonce).
    response.removeHeader("Content-Security-Policy");
    response.statusCode = 304;
    response.end();
    return;
  }
  const values: Record<Slot, Buffer> = {
    nonce: Buffer.from(options.nonce),
    "form-token": entry.slots.includes("form-token")
      ? Buffer.from(issueFormToken(options.secret))
      : EMPTY,
  };
  const gzip = acceptsGzip(request.headers["accept-encoding"]);
  const fitsSlots = entry.slots.every((slot) => values[slot].length === SLOT_LENGTH[slot]);
  const body = !gzip
    ? plainBody(entry, values)
    : fitsSlots
      ? gzipBody(entry, values)
      : gzipSync(plainBody(entry, values));
  response.statusCode = entry.status;
  response.setHeader("Content-Type", entry.contentType);
  if (gzip) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", body.length);
  response.end(request.method === "HEAD" ? undefined : body);
}

const EMPTY = Buffer.alloc(0);

function plainBody(entry: Entry, values: Record<Slot, Buffer>) {
  const chunks: Buffer[] = [];
  entry.parts.forEach((part, index) => {
    chunks.push(part);
    const slot = entry.slots[index];
    if (slot) chunks.push(values[slot]);
  });
  return Buffer.concat(chunks);
}

/** gzip header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman codes, end of block only). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A stored (uncompressed) deflate block; the stream is byte-aligned after a full flush. */
function storedBlock(data: Buffer) {
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

function gzipBody(entry: Entry, values: Record<Slot, Buffer>) {
  const stored: Record<Slot, Buffer> = {
    nonce: storedBlock(values.nonce),
    "form-token": storedBlock(values["form-token"]),
  };
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  entry.parts.forEach((part, index) => {
    chunks.push(entry.deflated[index]);
    crc = crc32(part, crc);
    size += part.length;
    const slot = entry.slots[index];
    if (slot) {
      chunks.push(stored[slot]);
      crc = crc32(values[slot], crc);
      size += values[slot].length;
    }
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
