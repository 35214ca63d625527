import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "./storage";
import { StorageError, storageFailureOf } from "./storage-errors";

describe("storage errors", () => {
  it("names each failure of SPEC.md section 8", () => {
    const s3 = (status: number, name = "") => ({ name, $metadata: { httpStatusCode: status } });
    expect(storageFailureOf(s3(401))).toBe("unauthenticated");
    expect(storageFailureOf(s3(400, "InvalidAccessKeyId"))).toBe("unauthenticated");
    expect(storageFailureOf(s3(402))).toBe("quota-exceeded");
    expect(storageFailureOf(s3(403, "AccessDenied"))).toBe("unauthorized");
    expect(storageFailureOf(s3(404, "NoSuchKey"))).toBe("not-found");
    expect(storageFailureOf(s3(404, "NoSuchBucket"))).toBe("no-bucket");
    expect(storageFailureOf(new Error("socket hang up"))).toBe("unavailable");
    expect(new StorageError("quota-exceeded").message).toMatch(/quota is used up/);
    // The local disk full is said as such, not as a bucket's quota.
    expect(storageFailureOf({ code: "ENOSPC" })).toBe("disk-full");
    expect(storageFailureOf({ code: "EDQUOT" })).toBe("disk-full");
    expect(new StorageError("disk-full")).toMatchObject({ status: 503 });
    expect(new StorageError("disk-full").message).toMatch(/disk is full/);
    expect(new StorageError("unauthorized").status).toBe(403);
  });

  it("refuses to delete the root", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "frontier-storage-"));
    try {
      const storage = createLocalStorage(dir);
      await expect(storage.delete("")).rejects.toThrow(/root cannot be deleted/);
      await expect(storage.delete("/")).rejects.toThrow(/root cannot be deleted/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
