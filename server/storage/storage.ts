import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Env } from "../env";

/** Where uploaded files live: local disk under DATA_DIR/uploads by default. */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
};

export class StorageKeyError extends Error {}

function checkKey(key: string) {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "")) {
    throw new StorageKeyError(`"${key}" is not a valid file key`);
  }
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

let cached: { dir: string; storage: Storage } | undefined;

/** The configured storage. (S3-compatible storage joins when S3_BUCKET is set.) */
export function getStorage(env: Pick<Env, "DATA_DIR">): Storage {
  const dir = path.join(env.DATA_DIR, "uploads");
  if (cached?.dir !== dir) cached = { dir, storage: createLocalStorage(dir) };
  return cached.storage;
}
