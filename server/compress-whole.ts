import { brotliCompress, constants, gzip } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { preferredEncoding } from "./accept-encoding";
import { holdBackResponse } from "./capture-response";

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
        holdBackResponse(response, (body, send) => encodeWhole(accepted, response, body, send));
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
