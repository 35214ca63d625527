import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { projectSharedFiles } from "#server/db/schema/portal.ts";
import { onboardingFiles, projects } from "#server/db/schema/projects.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { sniffFileType } from "#server/onboarding/onboarding.ts";
import { announceProjectChange } from "#server/projects/changes.ts";
import { getStorage } from "#server/storage/storage.ts";
import { recordPortalEvent } from "./activity";
import type { PortalViewer } from "./session";

// Files the team shares with a client on a project, and the client's downloads of
// those and of their own onboarding uploads (decision 406).

/** PDF documents may be 25 MB (decision 501); the same limit for shared images. */
export const SHARED_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const SHARED_FILES_PER_PROJECT = 100;

type StorageEnv = Pick<Env, "DATA_DIR">;

function safeFilename(filename: string, extension: string) {
  return (
    filename
      .replace(/[/\\]/g, "_")
      .replace(/[^\w.\- ()]/g, "")
      .trim()
      .slice(0, 120) || `file.${extension}`
  );
}

async function lockProject(tx: Tx, projectId: string) {
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project no longer exists.");
  const [project] = await tx
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new AppError("NOT_FOUND", "That project no longer exists.");
  return project;
}

/** Staff share a file with the client: checked by its bytes, stored, announced. */
export async function addSharedFile({
  db,
  env,
  actor,
  projectId,
  filename,
  bytes,
}: {
  db: Db;
  env: StorageEnv;
  actor: Actor;
  projectId: string;
  filename: string;
  bytes: Buffer;
}) {
  if (!bytes.length) throw new AppError("INVALID", "Choose a file to share.");
  if (bytes.length > SHARED_FILE_MAX_BYTES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `That file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; files shared with the client may be up to 25 MB.`,
    );
  const type = sniffFileType(bytes);
  if (!type)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Only PDF documents and PNG, JPEG, WebP or GIF images can be shared.",
    );
  const name = safeFilename(filename, type.extension);
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const [{ files }] = await tx
      .select({ files: count() })
      .from(projectSharedFiles)
      .where(eq(projectSharedFiles.projectId, projectId));
    if (files >= SHARED_FILES_PER_PROJECT)
      throw new AppError(
        "CONFLICT",
        `A project can share up to ${SHARED_FILES_PER_PROJECT} files. Remove an old one first.`,
      );
    const storageKey = `shared/${projectId}/${randomBytes(12).toString("hex")}.${type.extension}`;
    await getStorage(env).put(storageKey, bytes, type.contentType);
    const [file] = await tx
      .insert(projectSharedFiles)
      .values({
        projectId,
        storageKey,
        filename: name,
        contentType: type.contentType,
        size: bytes.length,
        uploadedBy: actor.email ?? null,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "share-file",
      area: "projects",
      recordId: projectId,
      detail: { file: name, size: bytes.length },
    });
    await announceProjectChange(tx, { clientId: project.clientId, projectId, what: "files" });
    return file;
  });
}

export async function removeSharedFile({
  db,
  env,
  actor,
  projectId,
  fileId,
}: {
  db: Db;
  env: StorageEnv;
  actor: Actor;
  projectId: string;
  fileId: string;
}) {
  if (!isUuid(fileId)) throw new AppError("NOT_FOUND", "That file is already gone.");
  const file = await db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const [removed] = await tx
      .delete(projectSharedFiles)
      .where(and(eq(projectSharedFiles.id, fileId), eq(projectSharedFiles.projectId, projectId)))
      .returning();
    if (!removed) throw new AppError("NOT_FOUND", "That file is already gone.");
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      address: actor.address,
      action: "unshare-file",
      area: "projects",
      recordId: projectId,
      detail: { file: removed.filename },
    });
    await announceProjectChange(tx, { clientId: project.clientId, projectId, what: "files" });
    return removed;
  });
  await getStorage(env).delete(file.storageKey);
}

export async function listSharedFiles({ db, projectId }: { db: Db; projectId: string }) {
  return db
    .select({
      id: projectSharedFiles.id,
      filename: projectSharedFiles.filename,
      contentType: projectSharedFiles.contentType,
      size: projectSharedFiles.size,
      uploadedBy: projectSharedFiles.uploadedBy,
      createdAt: projectSharedFiles.createdAt,
    })
    .from(projectSharedFiles)
    .where(eq(projectSharedFiles.projectId, projectId))
    .orderBy(desc(projectSharedFiles.createdAt));
}

/** The client's own onboarding uploads of a project, oldest first. */
export async function listClientUploads({ db, projectId }: { db: Db; projectId: string }) {
  return db
    .select({
      id: onboardingFiles.id,
      filename: onboardingFiles.filename,
      contentType: onboardingFiles.contentType,
      size: onboardingFiles.size,
      createdAt: onboardingFiles.createdAt,
    })
    .from(onboardingFiles)
    .where(eq(onboardingFiles.projectId, projectId))
    .orderBy(asc(onboardingFiles.createdAt));
}

/**
 * A file of one of the viewer's client's projects: shared by the team or uploaded at
 * onboarding. Anything else (another client's, another project's) is NOT_FOUND.
 */
export async function readPortalFile({
  db,
  env,
  viewer,
  projectId,
  fileId,
  address,
}: {
  db: Db;
  env: StorageEnv;
  viewer: PortalViewer;
  projectId: string;
  fileId: string;
  address: string;
}) {
  if (!isUuid(projectId) || !isUuid(fileId))
    throw new AppError("NOT_FOUND", "That file does not exist.");
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, viewer.clientId)));
  if (!project) throw new AppError("NOT_FOUND", "That file does not exist.");
  const [shared] = await db
    .select()
    .from(projectSharedFiles)
    .where(and(eq(projectSharedFiles.id, fileId), eq(projectSharedFiles.projectId, projectId)));
  const [uploaded] = shared
    ? []
    : await db
        .select()
        .from(onboardingFiles)
        .where(and(eq(onboardingFiles.id, fileId), eq(onboardingFiles.projectId, projectId)));
  const file = shared ?? uploaded;
  if (!file) throw new AppError("NOT_FOUND", "That file does not exist.");
  const stored = await getStorage(env).get(file.storageKey);
  if (!stored)
    throw new AppError("NOT_FOUND", "That file is no longer stored. Ask us to share it again.");
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "file-downloaded",
    summary: `${viewer.name} downloaded ${file.filename} (${project.name})`,
    detail: { projectId, fileId, kind: shared ? "shared" : "onboarding" },
  });
  return { file, ...stored };
}

/** A shared file for staff to download (the admin route checks the staff role). */
export async function readSharedFile({
  db,
  env,
  projectId,
  fileId,
}: {
  db: Db;
  env: StorageEnv;
  projectId: string;
  fileId: string;
}) {
  if (!isUuid(projectId) || !isUuid(fileId)) return undefined;
  const [file] = await db
    .select()
    .from(projectSharedFiles)
    .where(and(eq(projectSharedFiles.id, fileId), eq(projectSharedFiles.projectId, projectId)));
  if (!file) return undefined;
  const stored = await getStorage(env).get(file.storageKey);
  return stored ? { file, ...stored } : undefined;
}
