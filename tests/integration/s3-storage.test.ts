import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, type S3Options } from "#server/storage/s3-storage.ts";
import { StorageError } from "#server/storage/storage-errors.ts";
import { type RunningS3, S3RVER_KEY, startS3Server } from "#tests/helpers/s3.ts";

// The S3 storage against a real S3-compatible server (s3rver, in its own process).
let s3: RunningS3;
const noKeyCheck = () => {};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

const options = (overrides: Partial<S3Options> = {}): S3Options => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  accessKeyId: S3RVER_KEY,
  secretAccessKey: S3RVER_KEY,
  ...overrides,
});

async function read(body: AsyncIterable<Buffer | string>) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe("S3 storage on an S3-compatible server", () => {
  it("stores, streams and deletes a file under its key", async () => {
    const storage = createS3Storage(options(), noKeyCheck);
    const bytes = Buffer.from("frontier ".repeat(20_000));
    await storage.put("images/0123abcd-960.webp", bytes, "image/webp");
    const file = await storage.get("images/0123abcd-960.webp");
    expect(file?.size).toBe(bytes.length);
    expect((await read(file!.body)).equals(bytes)).toBe(true);

    await storage.delete("images/0123abcd-960.webp");
    expect(await storage.get("images/0123abcd-960.webp")).toBeUndefined();
    await expect(storage.delete("images/0123abcd-960.webp")).rejects.toMatchObject({
      failure: "not-found",
    });
  });

  it("names the setting to check when the bucket does not exist or the key is refused", async () => {
    const missing = createS3Storage(options({ bucket: "no-such-bucket" }), noKeyCheck);
    const refusal = await missing
      .put("images/a.webp", Buffer.from("x"), "image/webp")
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StorageError);
    expect((refusal as StorageError).failure).toBe("no-bucket");
    expect((refusal as StorageError).message).toMatch(/S3_BUCKET/);

    const stranger = createS3Storage(options({ accessKeyId: "someone-else" }), noKeyCheck);
    await expect(
      stranger.put("images/a.webp", Buffer.from("x"), "image/webp"),
    ).rejects.toMatchObject({ failure: "unauthenticated" });
  });

  it("reports storage out of reach", async () => {
    const away = createS3Storage(options({ endpoint: "http://127.0.0.1:9" }), noKeyCheck);
    await expect(away.put("images/a.webp", Buffer.from("x"), "image/webp")).rejects.toMatchObject({
      failure: "unavailable",
    });
  });
});
