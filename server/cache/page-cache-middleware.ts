import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { log } from "#server/log.ts";
import { inlineScriptHashes } from "#server/security-headers.ts";
import { createEntry, type Entry, type PageCache, sendEntry } from "./page-cache";
import { addressOf } from "./public-pages";

const cacheableType = /^(text\/html|application\/(rss\+)?xml|text\/plain|text\/xml)/;

/** The id withRequestId gave this request (its X-Request-Id), if any. */
function givenRequestId(response: ServerResponse) {
  const id = response.getHeader("X-Request-Id");
  return typeof id === "string" ? id : undefined;
}

type HeadersFor = (hashes: readonly string[]) => ReadonlyArray<readonly [string, string]>;

/**
 * The page cache in Express: what `serveFromPageCache` (before Express) did not answer.
 * - Every GET/HEAD of a public page: a non-canonical address (public-pages.ts) is
 *   redirected (301) to its canonical one; the page then renders with only the
 *   parameters it reads.
 * - Anonymous GETs render without a nonce: the page's inline scripts are hashed into
 *   its Content-Security-Policy, so the page is the same bytes for everyone. A 200 of
 *   HTML, XML or text that sets no cookie is stored, and the answer is sent from the
 *   stored entry, exactly as the hits that follow. Concurrent misses of one page wait
 *   for the first render instead of rendering again.
 * - A request with any cookie (a toast, a session) or Authorization is never cached,
 *   and renders with a nonce as any other page.
 */
export function pageCacheMiddleware({
  cache,
  headersFor,
}: {
  cache: PageCache;
  /** The security headers of a page with these inline script hashes. */
  headersFor: HeadersFor;
}): RequestHandler {
  const rendering = new Map<string, Promise<Entry | undefined>>();
  return (request, response, next) => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const address = addressOf(request.originalUrl);
    if (!address) return next();
    if (address.redirectTo) {
      response.setHeader("Cache-Control", "public, max-age=3600");
      response.redirect(301, address.redirectTo);
      return;
    }
    const { key } = address;
    // The page renders with exactly the parameters it reads: nothing else reaches its loaders.
    if (request.originalUrl !== key) {
      request.url = key;
      request.originalUrl = key;
    }
    if (request.headers.cookie || request.headers.authorization) return next();
    const entry = cache.get(key);
    if (entry) return sendEntry(request, response, entry, { requestId: givenRequestId(response) });
    if (method !== "GET") return next();

    const earlier = rendering.get(key);
    if (earlier) {
      earlier.then(
        (rendered) =>
          rendered
            ? sendEntry(request, response, rendered, { requestId: givenRequestId(response) })
            : next(),
        () => next(),
      );
      return;
    }
    let settle: (entry: Entry | undefined) => void = () => {};
    const pending = new Promise<Entry | undefined>((resolve) => {
      settle = (rendered) => {
        settle = () => {};
        if (rendering.get(key) === pending) rendering.delete(key);
        resolve(rendered);
      };
    });
    rendering.set(key, pending);
    // A render that never ends (the visitor left) must not hold the others back.
    response.once("close", () => settle(undefined));

    const startedAt = cache.generation;
    response.locals.nonce = "";
    holdBody(response, async (body) => {
      const contentType = String(response.getHeader("Content-Type") ?? "");
      // Only a page has inline scripts: a feed or a sitemap (megabytes at ten times the data)
      // is not read again as a string to look for them.
      const hashes = contentType.startsWith("text/html")
        ? inlineScriptHashes(body.toString("utf8"))
        : [];
      const headers = headersFor(hashes);
      const isStorable =
        response.statusCode === 200 &&
        cacheableType.test(contentType) &&
        !response.getHeader("Set-Cookie") &&
        !String(response.getHeader("Cache-Control") ?? "").includes("no-store");
      if (!isStorable) {
        settle(undefined);
        // Rendered without a nonce all the same: its scripts are allowed by their hashes.
        for (const [name, value] of headers)
          if (name === "Content-Security-Policy") response.setHeader(name, value);
        return { body };
      }
      const stored = await createEntry({ body, contentType, headers });
      cache.set(key, stored, startedAt);
      settle(stored);
      return { entry: stored };
    });
    next();
  };
}

type Finish = (body: Buffer) => Promise<{ body: Buffer } | { entry: Entry }>;

/**
 * Holds back what is written to the response and, once it ends, hands the whole body to
 * `finish`, which may take its time (compressing): then either the body is sent as it
 * is, or the response is answered from the entry it made, with the entry's headers only.
 */
function holdBody(response: ServerResponse, finish: Finish) {
  const chunks: Buffer[] = [];
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    else if (typeof chunk === "string")
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as never) : "utf8"));
    else chunks.push(Buffer.from(chunk as Uint8Array));
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
    const done =
      typeof encoding === "function" ? encoding : typeof chunk === "function" ? chunk : callback;
    // One chunk (most answers: a whole page or file in one end) is the body as it is, not a copy.
    finish(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))
      .then((answer) => {
        if ("body" in answer) {
          end(answer.body, done as () => void);
          return;
        }
        // The same header block and bytes as every hit that follows (X-Page-Cache aside).
        const requestId = givenRequestId(response);
        for (const name of response.getHeaderNames()) response.removeHeader(name);
        sendEntry(response.req, response, answer.entry, { isMiss: true, requestId });
      })
      .catch((error) => {
        log.error("could not store a rendered page", error);
        if (!response.headersSent) response.statusCode = 500;
        end();
      });
    return response;
  }) as typeof response.end;
}
