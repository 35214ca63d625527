import { createReadStream } from "node:fs";
import path from "node:path";
import type { Env } from "#server/env.ts";
import { createStoredFile, openStoredFile, removeStoredFile } from "./local-files";
import { createS3Storage } from "./s3-storage";
import { mapStorageErrors, StorageError } from "./storage-errors";
import type { Storage } from "./storage-type";

export class StorageKeyError extends Error {}

function checkKey(key: string) {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "")) {
    throw new StorageKeyError(`"${key}" is not a valid file key`);
  }
}

/**
 * Files under `root`. Only regular files inside it are read or written: a symbolic link
 * (planted there, or restored from a crafted backup) is never followed.
 */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mapStorageErrors(async () => {
        const handle = await createStoredFile(root, file);
        try {
          if (Buffer.isBuffer(body)) await handle.writeFile(body);
          else for await (const chunk of createReadStream(body.path)) await handle.write(chunk);
          await handle.close();
        } catch (error) {
          // A file half written (the disk filled up) is no file: nothing is left under its key.
          await handle.close().catch(() => {});
          await removeStoredFile(root, file).catch(() => {});
          throw error;
        }
      });
    },
    async get(key) {
      const opened = await openStoredFile(root, resolve(key));
      if (!opened) return undefined;
      return { body: opened.handle.createReadStream(), size: opened.size };
    },
    async delete(key) {
      if (!key || key === "/") throw new StorageError("delete-root");
      const file = resolve(key);
      await mapStorageErrors(() => removeStoredFile(root, file));
    },
  };
}

let cached: { dir: string; storage: Storage } | undefined;

type StorageEnv = Pick<Env, "DATA_DIR"> &
  Partial<
    Pick<
      Env,
      "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
    >
  >;

/** The configured storage: an S3-compatible bucket when S3_BUCKET is set, local disk otherwise. */
export function getStorage(env: StorageEnv): Storage {
  const where = env.S3_BUCKET
    ? `s3:${env.S3_ENDPOINT ?? ""}/${env.S3_BUCKET}`
    : path.join(env.DATA_DIR, "uploads");
  if (cached?.dir !== where) {
    const storage = env.S3_BUCKET
      ? createS3Storage(
          {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          },
          checkKey,
        )
      : createLocalStorage(where);
    cached = { dir: where, storage };
  }
  return cached.storage;
}
