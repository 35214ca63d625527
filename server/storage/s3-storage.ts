import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { mapStorageErrors, StorageError, storageFailureOf } from "./storage-errors";
import type { Storage } from "./storage-type";

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Files in an S3-compatible bucket (AWS, MinIO, R2...), under the same keys as on disk. */
export function createS3Storage(options: S3Options, checkKey: (key: string) => void): Storage {
  // The SDK is ~25 MB of memory: loaded with the first file, and only when S3 is configured.
  let loaded: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const s3 = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region ?? "us-east-1",
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    }));
    return loaded;
  };
  const Bucket = options.bucket;
  return {
    put(key, body, contentType) {
      checkKey(key);
      return mapStorageErrors(async () => {
        const { client, sdk } = await s3();
        const stream = Buffer.isBuffer(body)
          ? { Body: body }
          : { Body: createReadStream(body.path), ContentLength: body.size };
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ...stream }),
        );
      });
    },
    async get(key) {
      checkKey(key);
      try {
        const { client, sdk } = await s3();
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return undefined;
        return { body: result.Body as Readable, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (storageFailureOf(error) === "not-found") return undefined;
        throw new StorageError(storageFailureOf(error), error);
      }
    },
    delete(key) {
      if (!key || key === "/") throw new StorageError("delete-root");
      checkKey(key);
      return mapStorageErrors(async () => {
        const { client, sdk } = await s3();
        // S3 answers a delete of a missing key with success; a missing file is reported.
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      });
    },
  };
}
