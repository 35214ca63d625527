import { brotliCompress, constants, gzip } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { preferredEncoding } from "./accept-encoding";

/**
 * How hard a response made per request is compressed (decision 738): its bytes are
 * sent once, so CPU counts more than the last few percent of size. A rendered 48 KB
 * page: gzip 2 in 0.16 ms to 11.8 KB (level 5: 0.42 ms, 10.9 KB); Brotli 3 in 0.19 ms
 * to 11.0 KB (quality 4: 0.41 ms, 10.5 KB). Cached pages are compressed once, at the most.
 */
export const PER_REQUEST_GZIP_LEVEL = 2;
export const PER_REQUEST_BROTLI_QUALITY = 3;

/** Smaller bodies gain less than their encoding costs (compression's own threshold). */
const THRESHOLD_BYTES = 1024;

/** What is sent whole: a rendered page, a JSON answer; streams and files are not held. */
const isWholeBodyType = (type: string) =>
  type.startsWith("text/html") || type.startsWith("application/json");

/**
 * Compresses a rendered page or a JSON answer in one call once its whole body is known,
 * instead of through a compression stream fed chunk by chunk. React renders the whole
 * document before answering (app/entry.server.tsx), so holding it back delays nothing.
 * The compressing runs on libuv's threads, as a stream's does: the event loop only hands
 * the buffer over (compressing there too would add a fifth to its work per page).
 * Anything else (streams, event streams, files) is left to the streaming `compression`
 * middleware installed before this one: it skips what this one has encoded.
 */
export function compressWholeBodies(): RequestHandler {
  return (request, response, next) => {
    const accepted = request.headers["accept-encoding"];
    if (request.method === "HEAD" || !accepted) return next();
    const write = response.write;
    const end = response.end;
    const restore = () => {
      response.write = write;
      response.end = end;
    };
    // Decided when the body starts, once the route has set its headers.
    const decide = () => {
      restore();
      if (isWholeBodyType(String(response.getHeader("Content-Type") ?? "")))
        holdBack(response, (body, send) => encodeWhole(accepted, response, body, send));
    };
    const resume = (method: "write" | "end", args: unknown[]) => {
      decide();
      return (response[method] as (...args: unknown[]) => unknown).apply(response, args);
    };
    response.write = ((...args: unknown[]) => resume("write", args)) as Response["write"];
    response.end = ((...args: unknown[]) => resume("end", args)) as Response["end"];
    next();
  };
}

const toBuffer = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.from(chunk as Uint8Array);

/**
 * Collects what is written to `response` and, when it ends, hands the whole body to
 * `finish`, which sends it (or what it made of it) with `send`, now or later.
 */
function holdBack(
  response: Response,
  finish: (body: Buffer, send: (body: Buffer) => void) => void,
) {
  const write = response.write;
  const end = response.end;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(toBuffer(chunk, encoding));
  };
  response.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") queueMicrotask(() => done());
    return true;
  }) as Response["write"];
  response.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    response.write = write;
    response.end = end;
    const done =
      typeof encoding === "function" ? encoding : typeof chunk === "function" ? chunk : callback;
    const sendBody = end as (this: Response, body: Buffer, done?: () => void) => Response;
    finish(Buffer.concat(chunks), (body) => sendBody.call(response, body, done as () => void));
    return response;
  }) as Response["end"];
}

function encodeWhole(
  accepted: string | string[],
  response: Response,
  body: Buffer,
  send: (body: Buffer) => void,
) {
  const untouched =
    body.length < THRESHOLD_BYTES ||
    response.headersSent ||
    response.getHeader("Content-Encoding") !== undefined ||
    /\bno-transform\b/i.test(String(response.getHeader("Cache-Control") ?? ""));
  if (untouched) return send(body);
  response.vary("Accept-Encoding");
  const encoding = preferredEncoding(accepted);
  if (encoding === "identity") return send(body);
  const sendEncoded = (error: Error | null, encoded: Buffer) => {
    // A body that could not be compressed (never expected) goes as it is.
    if (error || response.headersSent) return send(body);
    response.setHeader("Content-Encoding", encoding);
    response.setHeader("Content-Length", encoded.length);
    send(encoded);
  };
  if (encoding === "br")
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      sendEncoded,
    );
  else gzip(body, { level: PER_REQUEST_GZIP_LEVEL }, sendEncoded);
}
