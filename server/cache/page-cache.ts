import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { FORM_TOKEN_PATTERN, issueFormToken } from "../antispam/antispam";
import type { Database } from "../db/client";
import { log } from "../log";

/** The NOTIFY channel every instance listens on to drop its rendered pages. */
export const PUBLIC_PAGES_CHANNEL = "frontier_public_pages";

const NONCE_PLACEHOLDER = "\u0000nonce\u0000";
const TOKEN_PLACEHOLDER = "\u0000form-token\u0000";

type Entry = {
  status: number;
  contentType: string;
  template: string;
  etag: string;
  hasNonce: boolean;
  storedAt: number;
};

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
      send(response, entry, {
        nonce,
        secret,
        ifNoneMatch: request.headers["if-none-match"],
        isHead: !isGet,
        hit: true,
      });
      return;
    }
    if (!isGet) return next();

    const startedAt = cache.generation;
    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(
                chunk,
                typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
              )
            : Buffer.from(chunk as Uint8Array),
      );
    };
    response.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") queueMicrotask(() => done());
      return true;
    }) as typeof response.write;
    response.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      response.write = write;
      response.end = end;
      const body = Buffer.concat(chunks);
      const contentType = String(response.getHeader("Content-Type") ?? "");
      const isStorable =
        response.statusCode === 200 &&
        cacheableType.test(contentType) &&
        !response.getHeader("Set-Cookie") &&
        !String(response.getHeader("Cache-Control") ?? "").includes("no-store");
      if (!isStorable) {
        const done = typeof encoding === "function" ? encoding : callback;
        return end(body, done as () => void);
      }
      const html = body.toString("utf8");
      const hasNonce = nonce !== "" && html.includes(nonce);
      const template = (hasNonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html).replace(
        FORM_TOKEN_PATTERN,
        TOKEN_PLACEHOLDER,
      );
      const stored: Entry = {
        status: 200,
        contentType,
        template,
        etag: `W/"${createHash("sha256").update(template).digest("base64url").slice(0, 27)}"`,
        hasNonce,
        storedAt: Date.now(),
      };
      cache.set(key, stored, startedAt);
      setCacheHeaders(response, stored, false);
      const done = typeof encoding === "function" ? encoding : callback;
      return end(body, done as () => void);
    }) as typeof response.end;
    next();
  };
}

function setCacheHeaders(response: Response, entry: Entry, hit: boolean) {
  response.setHeader("ETag", entry.etag);
  // Pages carry a per-response nonce: browsers may keep them but must ask again;
  // shared caches must not hand one visitor's nonce to the next.
  response.setHeader(
    "Cache-Control",
    entry.hasNonce ? "private, no-cache" : "public, max-age=300, must-revalidate",
  );
  response.setHeader("X-Page-Cache", hit ? "hit" : "miss");
}

function send(
  response: Response,
  entry: Entry,
  options: { nonce: string; secret: string; ifNoneMatch?: string; isHead: boolean; hit: boolean },
) {
  setCacheHeaders(response, entry, options.hit);
  const etags = (options.ifNoneMatch ?? "").split(",").map((tag) => tag.trim());
  if (etags.includes(entry.etag) || etags.includes("*")) {
    // The browser keeps the body it has and the CSP that came with it (its nonce).
    response.removeHeader("Content-Security-Policy");
    response.status(304).end();
    return;
  }
  response.status(entry.status).type(entry.contentType);
  if (options.isHead) {
    response.end();
    return;
  }
  const token = issueFormToken(options.secret);
  const body = entry.template
    .replaceAll(NONCE_PLACEHOLDER, options.nonce)
    .replaceAll(TOKEN_PLACEHOLDER, token);
  response.end(body);
}
