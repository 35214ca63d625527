import type { ServerResponse } from "node:http";

function toBuffer(chunk: unknown, encoding?: unknown) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk as Uint8Array);
}

/**
 * Holds back everything written to `response` and, when it ends, hands the
 * whole body to `finish`, which returns the body to send (the same or a new
 * one; it may also change headers, which are still unsent). For middleware that
 * stores or rewrites a rendered page.
 */
export function captureResponse(response: ServerResponse, finish: (body: Buffer) => Buffer) {
  const chunks: Buffer[] = [];
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(toBuffer(chunk, encoding));
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
    const body = finish(Buffer.concat(chunks));
    const done =
      typeof encoding === "function" ? encoding : typeof chunk === "function" ? chunk : callback;
    return end(body, done as () => void);
  }) as typeof response.end;
}
