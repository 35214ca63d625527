import { createHash } from "node:crypto";
import {
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { type Encoding, preferredEncoding } from "#server/accept-encoding.ts";
import { brotliWindowBits } from "#server/compress-whole.ts";
import type { Database } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import { requestIdOf } from "#server/request-id.ts";
import { forgetLayoutData } from "./layout-data";
import { cacheKeyOf } from "./public-pages";

/** The NOTIFY channel every instance listens on to drop its rendered pages. */
export const PUBLIC_PAGES_CHANNEL = "frontier_public_pages";

/**
 * Browsers keep a page but ask again every time (a 304 when it did not change); a shared
 * cache (a CDN, nginx) may answer with it for a minute and a half while it asks again.
 * The same for every anonymous visitor: no nonce, no form token, no cookie in it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

/**
 * One encoding of a page: its complete header block and its body, both made once.
 * - `head` is a flat [name, value, ...] list for writeHead; its last value is the slot for
 *   the answer's X-Request-Id, filled just before each writeHead (which reads the list
 *   synchronously, so one list serves every hit).
 * - `block` is the same answer as the bytes that start it on the wire (status line and
 *   header lines, X-Request-Id and the connection's own headers left to add), for hits
 *   answered on the connection itself (connection-hits.ts).
 */
type Variant = { head: string[]; block: string; body: Buffer };

/** A 304's header block, in the same two forms, and no body. */
type NotModified = { head: string[]; block: string };

export type Entry = {
  status: number;
  etag: string;
  storedAt: number;
  variants: Record<Encoding, Variant>;
  notModified: NotModified;
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A cache entry for a rendered page: the body in identity, gzip and brotli (compressed
 * once, off the main thread), each with its whole header block, so that answering
 * from it is one writeHead and one end. `headers` are the page's own (security
 * headers with its script hashes); an encoding that would not be smaller is not used.
 */
/** Past this size a cached body is compressed quickly rather than smallest (a big sitemap). */
const LARGE_BODY_BYTES = 512 * 1024;

/**
 * How hard a cached body is compressed: a page (tens of KB) once at the most (Brotli 11, gzip
 * 9: a few milliseconds, paid by one miss and saved on every hit); a body of megabytes (a
 * sitemap of 50,000 addresses) at Brotli 5 and gzip 6, which take tens of milliseconds where
 * the most take seconds, for a file only crawlers ask for.
 */
export function cacheCompressionFor(length: number) {
  return length > LARGE_BODY_BYTES ? { brotli: 5, gzip: 6 } : { brotli: 11, gzip: 9 };
}

export async function createEntry({
  body,
  contentType,
  headers,
  status = 200,
}: {
  body: Buffer;
  contentType: string;
  headers: ReadonlyArray<readonly [string, string]>;
  status?: number;
}): Promise<Entry> {
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const levels = cacheCompressionFor(body.length);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: levels.gzip }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  const shared = [
    ["ETag", etag],
    ["Cache-Control", PUBLIC_CACHE_CONTROL],
    ["Vary", "Accept-Encoding"],
    ["X-Page-Cache", "hit"],
  ];
  const variant = (encoded: Buffer, encoding: Encoding): Variant => {
    const own = [
      ["Content-Type", contentType],
      ["Content-Length", String(encoded.length)],
      ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]),
      ...shared,
      ...headers,
    ];
    return { body: encoded, head: [...own, REQUEST_ID_SLOT].flat(), block: blockOf(status, own) };
  };
  const identity = variant(body, "identity");
  return {
    status,
    etag,
    storedAt: Date.now(),
    variants: {
      identity,
      gzip: gzipped.length < body.length ? variant(gzipped, "gzip") : identity,
      br: brotli.length < body.length ? variant(brotli, "br") : identity,
    },
    notModified: { head: [...shared, REQUEST_ID_SLOT].flat(), block: blockOf(304, shared) },
  };
}

const REQUEST_ID_SLOT = ["X-Request-Id", ""];

/**
 * The status line and header lines of an answer, as Node would write them. Each header is
 * checked as writeHead checks it, once, here: the block is written to sockets as it is.
 */
function blockOf(status: number, headers: ReadonlyArray<readonly string[]>) {
  let block = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  for (const [name, value] of headers) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    block += `${name}: ${value}\r\n`;
  }
  return block;
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
  forgetLayoutData();
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

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function matchesEtag(header: string, etag: string) {
  if (header === etag || header === "*") return true;
  const opaque = etag.slice(2);
  for (const tag of header.split(",")) {
    const trimmed = tag.trim();
    if (trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque)
      return true;
  }
  return false;
}

/**
 * What a hit answers, by its If-None-Match and Accept-Encoding: the 304's header block for
 * a known ETag, else the variant for the encoding.
 */
export function answerOf(
  entry: Entry,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | string[] | undefined,
): { status: number; variant: Variant } | { status: 304; variant: undefined } {
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag))
    return { status: 304, variant: undefined };
  return { status: entry.status, variant: entry.variants[preferredEncoding(acceptEncoding)] };
}

/**
 * Answers from an entry: a 304 for a known ETag, else the variant for Accept-Encoding
 * (headers only for HEAD). Nothing is built per hit: one header block (its request id
 * filled in), one buffer, one writeHead that Node takes on its fast path (no header set
 * before it). `requestId`: the id already given to this request (Express's path), else
 * the incoming X-Request-Id when safe or a new one. `isMiss`: the answer to the render
 * that made the entry (X-Page-Cache: miss).
 */
export function sendEntry(
  request: IncomingMessage,
  response: ServerResponse,
  entry: Entry,
  { isMiss = false, requestId }: { isMiss?: boolean; requestId?: string } = {},
) {
  const headers = request.headers;
  const { status, variant } = answerOf(entry, headers["if-none-match"], headers["accept-encoding"]);
  const head = variant ? variant.head : entry.notModified.head;
  head[head.length - 1] = requestId ?? requestIdOf(request);
  response.writeHead(status, isMiss ? asMiss(head) : head);
  if (!variant || request.method === "HEAD") response.end();
  else response.end(variant.body);
}

function asMiss(head: string[]) {
  return head.map((value, index) => (head[index - 1] === "X-Page-Cache" ? "miss" : value));
}

/**
 * Answers a public page from the cache straight from Node's HTTP server, before
 * Express: anonymous GET and HEAD of a canonical public address only. Returns false
 * (touching nothing) when the request is not such a hit.
 */
export function serveFromPageCache(
  request: IncomingMessage,
  response: ServerResponse,
  { cache, skip }: HitOptions,
) {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const headers = request.headers;
  if (headers.cookie !== undefined || headers.authorization !== undefined) return false;
  const entry = findHit(request.url ?? "/", { cache, skip });
  if (!entry) return false;
  sendEntry(request, response, entry);
  return true;
}

export type HitOptions = {
  cache: PageCache;
  /**
   * Addresses another layer answers first (managed redirects): the path, and the query
   * without its "?" ("" when there is none), since a redirect may name one parameter.
   */
  skip: (path: string, query: string) => boolean;
};

/**
 * The entry an anonymous GET or HEAD of this address is answered with, if any. Without a
 * query the address is its own key (a key is only ever a public page's canonical address);
 * with one, its canonical key, unless it is to be redirected.
 */
export function findHit(url: string, { cache, skip }: HitOptions) {
  const query = url.indexOf("?");
  const key = query === -1 ? url : cacheKeyOf(url);
  const entry = key === undefined ? undefined : cache.get(key);
  if (!entry || (query === -1 ? skip(url, "") : skip(url.slice(0, query), url.slice(query + 1))))
    return undefined;
  return entry;
}
