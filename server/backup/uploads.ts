import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createStoredFile, isStorageKey, openStoredFile } from "#server/storage/local-files.ts";

/** A file of an uploads folder that was left out, and why (for the person running the command). */
export type SkippedUpload = { path: string; reason: string };

// Keys are at most three parts deep (onboarding/<project>/<file>): nothing deeper is walked.
const MAX_DEPTH = 3;

async function listUploads(root: string) {
  const keys: string[] = [];
  const skipped: SkippedUpload[] = [];
  const walk = async (prefix: string, depth: number) => {
    const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const skip = (reason: string) => skipped.push({ path: `uploads/${key}`, reason });
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH - 1) await walk(key, depth + 1);
        else skip("a folder deeper than uploaded files are kept");
      } else if (entry.isSymbolicLink()) skip("a symbolic link");
      else if (!entry.isFile()) skip("not a regular file");
      else if (!isStorageKey(key)) skip("not a name Frontier gives uploaded files");
      else keys.push(key);
    }
  };
  await walk("", 0);
  return { keys, skipped };
}

/**
 * Copies the uploaded files of one uploads folder into another: only regular files whose
 * names are storage keys, read and written without following symbolic links, so a crafted
 * backup cannot make the server serve /etc/passwd or the auth secret as an "upload".
 * Returns what was left out.
 */
export async function copyUploads({
  from,
  to,
}: {
  from: string;
  to: string;
}): Promise<SkippedUpload[]> {
  const info = await lstat(from).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory())
    return [
      {
        path: "uploads",
        reason: info.isSymbolicLink() ? "a symbolic link, not a folder" : "not a folder",
      },
    ];
  const { keys, skipped } = await listUploads(from);
  for (const key of keys) {
    const source = await openStoredFile(from, path.join(from, key));
    if (!source) {
      skipped.push({ path: `uploads/${key}`, reason: "not a regular file" });
      continue;
    }
    try {
      const target = await createStoredFile(to, path.join(to, key)).catch((error) => {
        // A link already in its place in the target folder is not written through.
        if (["ELOOP", "EACCES"].includes((error as NodeJS.ErrnoException).code ?? "")) {
          skipped.push({ path: `uploads/${key}`, reason: "a symbolic link is in its place" });
          return undefined;
        }
        throw error;
      });
      if (target) await pipeline(source.handle.createReadStream(), target.createWriteStream());
    } finally {
      await source.handle.close().catch(() => {});
    }
  }
  return skipped;
}
