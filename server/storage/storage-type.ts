import type { Readable } from "node:stream";

/** What is stored: bytes in memory, or a file on local disk (a streamed upload), copied as a stream. */
export type StoredBody = Buffer | { path: string; size: number };

/** Where uploaded files live: local disk under DATA_DIR/uploads by default. */
export type Storage = {
  put(key: string, body: StoredBody, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
};
