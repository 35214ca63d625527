import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * The pieces of text a TextStreamResponse carries. A registered symbol, as in
 * whole-response.ts: the development server loads routes through Vite, beside the copy of
 * this module the Express adapter loads.
 */
const CHUNKS = Symbol.for("frontier.text-stream-response.chunks");

/**
 * A Response whose body is text made piece by piece, such as a CSV export of a million rows
 * (decision 795). Our Express adapter writes each piece to the socket as a string, asking
 * for the next only once the socket has taken the last: Node encodes a string into memory
 * it frees when the write completes, where a web stream's Uint8Array pieces are garbage V8
 * keeps until its next full collection (a 115 MB export left 116 MB of them behind).
 * Whatever reads it through the standard API (`body`, `text`, `arrayBuffer`) gets the same
 * text as UTF-8 bytes. Its pieces can be read once.
 */
export class TextStreamResponse extends Response {
  readonly [CHUNKS]: AsyncIterable<string>;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  constructor(chunks: AsyncIterable<string>, init: ResponseInit) {
    super(null, init);
    this[CHUNKS] = chunks;
  }

  override get body() {
    this.#stream ??= encodedStream(this[CHUNKS]);
    return this.#stream;
  }

  override async arrayBuffer() {
    return new Response(this.body).arrayBuffer();
  }

  override async text() {
    return new Response(this.body).text();
  }
}

/** The pieces as a byte stream, one piece read each time its reader asks for one. */
function encodedStream(chunks: AsyncIterable<string>) {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value) as Uint8Array<ArrayBuffer>);
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A TextStreamResponse's pieces (from whichever copy of this module made it), or undefined. */
export function textChunksOf(response: Response): AsyncIterable<string> | undefined {
  return (response as Partial<Record<typeof CHUNKS, AsyncIterable<string>>>)[CHUNKS];
}

/**
 * Writes the pieces as strings, each after the socket took the one before, and ends the
 * response. When the client goes away the pieces stop being read (the iterator is returned,
 * so a generator's `finally` runs). A piece that fails to come destroys the response (its
 * headers are sent: the client sees a cut-off download, not a complete-looking one) and is
 * thrown, for the server's error log.
 */
export async function writeTextChunks(chunks: AsyncIterable<string>, writable: Writable) {
  const closed = once(writable, "close").then(
    () => undefined,
    () => undefined,
  );
  try {
    for await (const text of chunks) {
      if (writable.destroyed) break;
      if (!writable.write(text)) await Promise.race([once(writable, "drain"), closed]);
      if (writable.destroyed) break;
    }
    if (!writable.destroyed) writable.end();
  } catch (error) {
    // A socket that failed is a client gone, nothing to report.
    const isGone = writable.destroyed;
    writable.destroy();
    if (!isGone) throw error;
  }
}
