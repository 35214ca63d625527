import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStorageKey } from "./local-files";
import { createLocalStorage } from "./storage";

describe("local storage", () => {
  let dataDir: string;
  let uploads: string;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "frontier-storage-"));
    uploads = path.join(dataDir, "uploads");
    await mkdir(path.join(uploads, "images"), { recursive: true });
    await writeFile(path.join(dataDir, "auth-secret"), "the secret\n");
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const key = (letter: string) => `images/${letter.repeat(32)}.png`;

  it("stores and serves a regular file", async () => {
    const storage = createLocalStorage(uploads);
    await storage.put(key("a"), Buffer.from("picture"), "image/png");
    const file = await storage.get(key("a"));
    if (!file) throw new Error("the stored file is missing");
    expect(file.size).toBe(7);
    expect(await text(file.body)).toBe("picture");
  });

  it("leaves nothing under a key whose writing failed (a disk that filled up)", async () => {
    const storage = createLocalStorage(uploads);
    const unreadable = path.join(dataDir, "not-a-file");
    await mkdir(unreadable);
    await expect(
      storage.put(key("b"), { path: unreadable, size: 10 }, "image/png"),
    ).rejects.toThrow();
    expect(await storage.get(key("b"))).toBeUndefined();
    expect(existsSync(path.join(uploads, key("b")))).toBe(false);
  });

  it("never serves what a link planted in the folder points at", async () => {
    await symlink("/etc/passwd", path.join(uploads, key("b")));
    await symlink(path.join(dataDir, "auth-secret"), path.join(uploads, key("c")));
    await symlink(dataDir, path.join(uploads, "logos"));
    await writeFile(path.join(dataDir, `${"d".repeat(32)}.png`), "outside");
    execFileSync("mkfifo", [path.join(uploads, key("e"))]);
    await mkdir(path.join(uploads, key("f")));
    const storage = createLocalStorage(uploads);
    expect(await storage.get(key("b"))).toBeUndefined();
    expect(await storage.get(key("c"))).toBeUndefined();
    expect(await storage.get(`logos/${"d".repeat(32)}.png`)).toBeUndefined();
    expect(await storage.get("logos/auth-secret")).toBeUndefined();
    expect(await storage.get(key("e"))).toBeUndefined();
    expect(await storage.get(key("f"))).toBeUndefined();
  });

  it("never writes or deletes through a link", async () => {
    await symlink(path.join(dataDir, "auth-secret"), path.join(uploads, key("b")));
    await symlink(dataDir, path.join(uploads, "logos"));
    const storage = createLocalStorage(uploads);
    await expect(storage.put(key("b"), Buffer.from("x"), "image/png")).rejects.toThrow();
    await expect(storage.put("logos/auth-secret", Buffer.from("x"), "image/png")).rejects.toThrow();
    await expect(storage.delete("logos/auth-secret")).rejects.toThrow();
    expect(await readFile(path.join(dataDir, "auth-secret"), "utf8")).toBe("the secret\n");
    // Deleting the planted link removes the link, not its target.
    await storage.delete(key("b"));
    expect(await readFile(path.join(dataDir, "auth-secret"), "utf8")).toBe("the secret\n");
  });

  it("knows the names the product gives stored files", () => {
    expect(isStorageKey(`images/${"a".repeat(32)}.webp`)).toBe(true);
    expect(isStorageKey(`images/${"a".repeat(32)}-640.avif`)).toBe(true);
    expect(isStorageKey(`logos/${"a".repeat(32)}-logo.png`)).toBe(true);
    expect(
      isStorageKey(`onboarding/0b7c8a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e/${"a".repeat(24)}.pdf`),
    ).toBe(true);
    for (const bad of ["images/passwd", "../auth-secret", "images/a.png", "etc/passwd.png"])
      expect(isStorageKey(bad)).toBe(false);
  });
});
