import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { acceptsGzip } from "./accept-encoding";

/**
 * Serves the build's gzip copies (written beside each script and stylesheet at build
 * time) to browsers that accept gzip; everything else falls through to express.static.
 */
export function precompressedAssets(directory: string): RequestHandler {
  let compressed = new Set<string>();
  try {
    compressed = new Set(
      readdirSync(directory)
        .filter((file) => file.endsWith(".gz"))
        .map((file) => file.slice(0, -3)),
    );
  } catch {
    // no build output yet: nothing to serve compressed
  }
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const file = request.path.slice(1);
    if (!compressed.has(file) || !acceptsGzip(request.headers["accept-encoding"])) return next();
    response.setHeader("Vary", "Accept-Encoding");
    response.setHeader("Content-Encoding", "gzip");
    response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    response.type(path.extname(file));
    response.sendFile(`${file}.gz`, { root: directory, dotfiles: "deny" }, (error) => {
      if (error && !response.headersSent) {
        response.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
