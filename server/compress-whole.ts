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

/**
 * Brotli's window for a body of known length: the smallest that holds it (2^bits - 16
 * bytes), not the default 4 MB. The encoder's memory follows the window, and V8 counts
 * it: at the default, ten pages compressed at once made the server run a full garbage
 * collection every few dozen pages (a signed-in Home took 9 ms of CPU instead of 3.6 ms).
 */
export function brotliWindowBits(length: number) {
  const bits = Math.ceil(Math.log2(length + 16));
  return Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, bits),
  );
}

/** Brotli's window for a stream of unknown length (a data request, an event stream): 256 KB. */
export const STREAM_BROTLI_WINDOW_BITS = 18;

/** Smaller bodies gain less than their encoding costs (compression's own threshold). */
const THRESHOLD_BYTES = 1024;

/**
 * What is sent whole, with one `end`: a rendered page, a JSON answer (our React Router
 * adapter sends these so, and this middleware compresses them so).
 */
export const isWholeBodyType = (type: string | null | undefined) =>
  typeof type === "string" && (type.startsWith("text/html") || type.startsWith("application/json"));

const bufferOf = (chunk: string | Uint8Array, encoding: unknown) =>
  typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Compresses a rendered page or a JSON answer sent whole, with one `end` (as our React Router
 * adapter sends them, Express's `send` and `json`, and the page cache and SEO overrides after
 * their rewriting), in one call instead of through a compression stream. The compressing runs
 * on libuv's threads, as a stream's does: the event loop only hands the buffer over
 * (compressing there too would add a fifth to its work per page). A body written in pieces
 * (streams, event streams, files) has started through the streaming `compression` middleware
 * installed before this one, which skips what this one has encoded.
 */
export function compressWholeBodies(): RequestHandler {
  return (request, response, next) => {
    const accepted = request.headers["accept-encoding"];
    if (request.method === "HEAD" || !accepted) return next();
    const end = response.end as (this: Response, ...args: unknown[]) => Response;
    response.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      response.end = end as Response["end"];
      const whole =
        (typeof chunk === "string" || chunk instanceof Uint8Array) &&
        !response.headersSent &&
        isWholeBodyType(response.getHeader("Content-Type")?.toString());
      if (!whole) return end.call(response, chunk, encoding, callback);
      const done = typeof encoding === "function" ? encoding : callback;
      encodeWhole(accepted, response, bufferOf(chunk, encoding), (body) =>
        end.call(response, body, done),
      );
      return response;
    }) as Response["end"];
    next();
  };
}

function encodeWhole(
  accepted: string | string[],
  response: Response,
  body: Buffer,
  send: (body: Buffer) => void,
) {
  const untouched =
    body.length < THRESHOLD_BYTES ||
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
          [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      sendEncoded,
    );
  else gzip(body, { level: PER_REQUEST_GZIP_LEVEL }, sendEncoded);
}
