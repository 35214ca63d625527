import { constants } from "node:fs";
import { type FileHandle, mkdir, open, realpath, rm } from "node:fs/promises";
import path from "node:path";

/** Keys the product writes: media (`images/<32 hex>-640.webp`) and onboarding documents. */
const storageKeyPatterns = [
  /^(?:images|logos|audio|documents)\/[0-9a-f]{32}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/,
  /^onboarding\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{24}\.[a-z0-9]{2,5}$/,
];

/** Whether a key has the shape of a file the product stored (a backup holds nothing else). */
export function isStorageKey(key: string) {
  return storageKeyPatterns.some((pattern) => pattern.test(key));
}

// O_NOFOLLOW: a symbolic link in place of a file is refused by the kernel, not followed.
// O_NONBLOCK: opening a planted FIFO returns at once (and is then refused) instead of hanging.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0);
const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW;

/** Whether `target` (which must exist) resolves, links followed, to somewhere inside `root`. */
async function isInside(root: string, target: string) {
  const [base, resolved] = await Promise.all([realpath(root), realpath(target)]);
  return resolved === base || resolved.startsWith(`${base}${path.sep}`);
}

/**
 * Opens a stored file for reading, or undefined when there is none. Only a regular file
 * inside the folder counts: a symbolic link (the file or a folder on its way), a device,
 * a FIFO or a folder is treated as missing, so a planted link never serves what it points at.
 */
export async function openStoredFile(
  root: string,
  file: string,
): Promise<{ handle: FileHandle; size: number } | undefined> {
  let handle: FileHandle | undefined;
  try {
    if (!(await isInside(root, path.dirname(file)))) return undefined;
    handle = await open(file, READ_FLAGS);
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return undefined;
    }
    return { handle, size: info.size };
  } catch {
    await handle?.close();
    return undefined;
  }
}

const outside = (file: string) =>
  Object.assign(new Error(`${file} is outside the storage folder`), { code: "EACCES" });

/** Creates (or replaces) a stored file, never through a symbolic link or outside the folder. */
export async function createStoredFile(root: string, file: string): Promise<FileHandle> {
  await mkdir(path.dirname(file), { recursive: true });
  if (!(await isInside(root, path.dirname(file)))) throw outside(file);
  return open(file, WRITE_FLAGS, 0o644);
}

/** Removes a stored file (a link itself, never its target); a missing one is no error. */
export async function removeStoredFile(root: string, file: string) {
  const folderExists = await realpath(path.dirname(file)).then(
    () => true,
    () => false,
  );
  if (!folderExists) return;
  if (!(await isInside(root, path.dirname(file)))) throw outside(file);
  await rm(file, { force: true });
}
