import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request with Node's http module: the status, headers and body bytes as sent (fetch would
 * decompress them).
 */
export function rawRequest(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject)
      .end(body);
  });
}

/** A GET with Node's http module (see rawRequest). */
export const rawGet = (url: string, headers: Record<string, string> = {}) =>
  rawRequest(url, { headers });

/**
 * The first piece of a response's body as it arrives; `then` runs once it has (to let the
 * server finish a stream it holds open until then).
 */
export function firstChunk(url: string, headers: Record<string, string> = {}, then = () => {}) {
  return new Promise<string>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.once("data", (chunk: Buffer) => {
          resolve(chunk.toString());
          then();
        });
        response.resume();
      })
      .on("error", reject);
  });
}

/** The window a Brotli stream declares in its first bits (RFC 7932, section 9.1). */
export function declaredBrotliWindow(stream: Buffer) {
  const bits = stream[0];
  if ((bits & 1) === 0) return 16;
  const wide = (bits >> 1) & 7;
  if (wide !== 0) return 17 + wide;
  const narrow = (bits >> 4) & 7;
  return narrow === 0 ? 17 : 8 + narrow;
}
