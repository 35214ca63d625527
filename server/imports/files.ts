import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { getStorage } from "#server/storage/storage.ts";
import type { UploadedFile } from "#server/upload-form.ts";

/**
 * The files of an import waiting for their run: under DATA_DIR/imports/<run>/ on the instance
 * that received them, and also in the bucket when uploads go to S3, so the instance whose job
 * runner takes the import can fetch them. They never sit where /uploads serves from, and are
 * removed when the import ends (decision 520).
 */
export type ImportFileRole = "source" | "zip";

type FilesEnv = Pick<Env, "DATA_DIR" | "S3_BUCKET"> & Parameters<typeof getStorage>[0];

const folderOf = (env: Pick<Env, "DATA_DIR">, runId: string) =>
  path.join(env.DATA_DIR, "imports", runId);
const keyOf = (runId: string, role: ImportFileRole) => `imports/${runId}/${role}`;

/** Keeps an uploaded file for its import (moved from the upload's temporary folder). */
export async function keepImportFile(
  env: FilesEnv,
  { runId, role, file }: { runId: string; role: ImportFileRole; file: UploadedFile },
) {
  const folder = folderOf(env, runId);
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, role);
  await rename(file.path, target);
  if (env.S3_BUCKET)
    await getStorage(env).put(
      keyOf(runId, role),
      { path: target, size: file.size },
      "application/octet-stream",
    );
}

/** Where an import's file is on this machine's disk, fetched from the bucket when it is not. */
export async function localImportFile(
  env: FilesEnv,
  { runId, role }: { runId: string; role: ImportFileRole },
) {
  const target = path.join(folderOf(env, runId), role);
  if (await stat(target).catch(() => undefined)) return target;
  const stored = env.S3_BUCKET ? await getStorage(env).get(keyOf(runId, role)) : undefined;
  if (!stored)
    throw new AppError(
      "GONE",
      "The file of this import is no longer on the server. Start the import again with the file.",
    );
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(stored.body, createWriteStream(`${target}.part`));
  await rename(`${target}.part`, target);
  return target;
}

export async function hasImportFile(
  env: FilesEnv,
  { runId, role }: { runId: string; role: ImportFileRole },
) {
  return Boolean(await stat(path.join(folderOf(env, runId), role)).catch(() => undefined));
}

/** Removes an import's files, here and in the bucket. */
export async function removeImportFiles(env: FilesEnv, runId: string) {
  await rm(folderOf(env, runId), { recursive: true, force: true });
  if (env.S3_BUCKET)
    for (const role of ["source", "zip"] as const)
      await getStorage(env)
        .delete(keyOf(runId, role))
        .catch(() => {});
}
