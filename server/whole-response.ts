/**
 * The bytes a WholeResponse carries. A registered symbol: the development server loads the
 * page's renderer through Vite, beside the copy of this module the Express adapter loads.
 */
const BYTES = Symbol.for("frontier.whole-response.bytes");

/**
 * A Response whose body is bytes already in hand: a page rendered completely
 * (app/entry.server.tsx). React Router passes it through as it is, and our Express adapter
 * writes the bytes with one `end` (decision 739), instead of undici wrapping them in a web
 * stream that the adapter then reads back. Whatever reads it through the standard API
 * (`text`, `arrayBuffer`, `json`, `blob`, `body`, `clone`) gets the same bytes.
 */
export class WholeResponse extends Response {
  readonly [BYTES]: Buffer<ArrayBuffer>;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  constructor(bytes: Buffer<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this[BYTES] = bytes;
  }

  override get body() {
    this.#stream ??= new Blob([this[BYTES]]).stream();
    return this.#stream;
  }

  override async arrayBuffer() {
    const bytes = this[BYTES];
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  override async text() {
    return this[BYTES].toString("utf8");
  }

  override async json() {
    return JSON.parse(await this.text());
  }

  override async blob() {
    return new Blob([this[BYTES]], { type: this.headers.get("Content-Type") ?? "" });
  }

  override clone(): WholeResponse {
    return new WholeResponse(this[BYTES], this);
  }
}

/** A WholeResponse's bytes (from whichever copy of this module made it), or undefined. */
export function wholeBytesOf(response: Response): Buffer<ArrayBuffer> | undefined {
  return (response as Partial<Record<typeof BYTES, Buffer<ArrayBuffer>>>)[BYTES];
}
