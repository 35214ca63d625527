import { Readable } from "node:stream";
import { getStorage } from "#server/storage/storage.ts";
import type { Route } from "./+types/uploads";

const contentTypes: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  ogg: "audio/ogg",
  pdf: "application/pdf",
};

/** Uploaded files: random names never change content, so browsers may keep them for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const match = key.match(/^[a-z]+\/[0-9a-f]{32}(?:-[a-z0-9]+)?\.([a-z0-9]+)$/);
  const contentType = match ? contentTypes[match[1]] : undefined;
  if (!match || !contentType) throw new Response("Not Found", { status: 404 });
  const file = await getStorage(context.env).get(key);
  if (!file) throw new Response("Not Found", { status: 404 });
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size) headers.set("Content-Length", String(file.size));
  // An SVG opened on its own never runs anything, even if a bad one slipped through.
  if (contentType === "image/svg+xml")
    headers.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  if (contentType === "application/pdf") headers.set("Content-Disposition", "inline");
  return new Response(Readable.toWeb(file.body) as ReadableStream, { headers });
}
