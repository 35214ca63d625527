import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { notifyStaff } from "#server/business/notify.ts";
import { isPublicId } from "#server/business/public-id.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { onboardingFiles, onboardingResponses, projects } from "#server/db/schema/projects.ts";
import type { Env } from "#server/env.ts";
import { AppError, invalid } from "#server/errors.ts";
import { getStorage } from "#server/storage/storage.ts";
import { readFileHead } from "#server/upload-form.ts";
import {
  missingAnswers,
  ONBOARDING_FILE_TOO_LARGE,
  ONBOARDING_MAX_FILE_BYTES,
  ONBOARDING_MAX_FILES,
  onboardingStepSchema,
  onboardingSteps,
} from "#shared/business/onboarding-form.ts";
import { canAmendOnboarding } from "./amend";

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL">;

function audit(
  db: Db | Tx,
  address: string | undefined,
  action: string,
  recordId: string,
  detail = {},
) {
  return recordAudit(db, { actorId: null, address, action, area: "onboarding", recordId, detail });
}

/** The onboarding of a project by its link id: project, answers so far, files. */
export async function getOnboarding({ db, onboardingId }: { db: Db; onboardingId: string }) {
  if (!isPublicId(onboardingId)) return undefined;
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      clientId: projects.clientId,
      company: clients.company,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.onboardingId, onboardingId));
  if (!project) return undefined;
  const [[response], files] = await Promise.all([
    db.select().from(onboardingResponses).where(eq(onboardingResponses.projectId, project.id)),
    db
      .select({
        id: onboardingFiles.id,
        filename: onboardingFiles.filename,
        contentType: onboardingFiles.contentType,
        size: onboardingFiles.size,
        createdAt: onboardingFiles.createdAt,
      })
      .from(onboardingFiles)
      .where(eq(onboardingFiles.projectId, project.id))
      .orderBy(asc(onboardingFiles.createdAt)),
  ]);
  return {
    project,
    answers: response?.answers ?? {},
    currentStep: response?.currentStep ?? 0,
    submittedAt: response?.submittedAt ?? null,
    files,
  };
}

/**
 * The onboarding to change, locked. Submitted answers are closed, unless `isAmendment` (a
 * signed-in contact adding to them in the portal) and the project has not started yet.
 */
async function openOnboarding(tx: Tx, onboardingId: string, { isAmendment = false } = {}) {
  if (!isPublicId(onboardingId))
    throw new AppError("NOT_FOUND", "This onboarding link does not exist.");
  const [project] = await tx.select().from(projects).where(eq(projects.onboardingId, onboardingId));
  if (!project) throw new AppError("NOT_FOUND", "This onboarding link does not exist.");
  if (project.status === "cancelled")
    throw new AppError("GONE", "This project has been cancelled.");
  const [response] = await tx
    .select()
    .from(onboardingResponses)
    .where(eq(onboardingResponses.projectId, project.id))
    .for("update");
  if (response?.submittedAt && !isAmendment)
    throw new AppError("CONFLICT", "This onboarding form has already been submitted. Thank you!");
  if (response?.submittedAt && !canAmendOnboarding(project))
    throw new AppError(
      "CONFLICT",
      "The project has started, so the onboarding is closed. Send new files to your project team.",
    );
  return { project, response };
}

/** Saves one step's answers (merging them into what was saved before) and where the client is. */
export async function saveOnboardingStep({
  db,
  onboardingId,
  stepId,
  values,
  nextStep,
  address,
}: {
  db: Db;
  onboardingId: string;
  stepId: string;
  /** The posted form's fields; only the step's own are read. */
  values: Record<string, unknown>;
  nextStep: number;
  address?: string;
}) {
  const step = onboardingSteps.find((candidate) => candidate.id === stepId);
  if (!step || !Number.isInteger(nextStep))
    throw new AppError("INVALID", "That step does not exist.");
  const complete = Object.fromEntries(
    step.fields.map((field) => [field.name, values[field.name] ?? ""]),
  );
  const parsed = onboardingStepSchema(step).safeParse(complete);
  if (!parsed.success) throw invalid(parsed.error);
  return db.transaction(async (tx) => {
    const { project, response } = await openOnboarding(tx, onboardingId);
    const answers = { ...(response?.answers ?? {}), ...(parsed.data as Record<string, string>) };
    const currentStep = Math.max(0, Math.min(onboardingSteps.length, nextStep));
    await tx
      .insert(onboardingResponses)
      .values({ projectId: project.id, answers, currentStep })
      .onConflictDoUpdate({
        target: onboardingResponses.projectId,
        set: { answers, currentStep, updatedAt: new Date() },
      });
    await audit(tx, address, "save-step", project.id, { step: stepId });
    return { answers, currentStep };
  });
}

/** What the first bytes of a file say it is; only documents and images are taken. */
export function sniffFileType(
  bytes: Buffer,
): { contentType: string; extension: string } | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: "application/pdf", extension: "pdf" };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: "image/png", extension: "png" };
  if (starts([0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (starts([0x47, 0x49, 0x46, 0x38])) return { contentType: "image/gif", extension: "gif" };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: "image/webp", extension: "webp" };
  return undefined;
}

/**
 * Keeps an uploaded brand asset after checking its size and its bytes (not its name):
 * `bytes`, or the temporary `file` a streamed upload was written to. A refusal keeps nothing.
 */
export async function addOnboardingFile({
  db,
  env,
  onboardingId,
  filename,
  bytes,
  file,
  address,
  isAmendment = false,
}: {
  db: Db;
  env: Pick<Env, "DATA_DIR">;
  onboardingId: string;
  filename: string;
  bytes?: Buffer;
  file?: { path: string; size: number };
  address?: string;
  /** A signed-in contact adding a file after submitting, until the project starts. */
  isAmendment?: boolean;
}) {
  const size = file ? file.size : (bytes?.length ?? 0);
  if (!size) throw new AppError("INVALID", "Choose a file to upload.");
  if (size > ONBOARDING_MAX_FILE_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", ONBOARDING_FILE_TOO_LARGE);
  const type = sniffFileType(file ? await readFileHead(file.path, 16) : (bytes as Buffer));
  if (!type)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Only PDF documents and PNG, JPEG, WebP or GIF images can be uploaded.",
    );
  const safeName =
    filename
      .replace(/[/\\]/g, "_")
      .replace(/[^\w.\- ()]/g, "")
      .trim()
      .slice(0, 120) || `file.${type.extension}`;
  const storage = getStorage(env);
  let storedKey: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      const { project } = await openOnboarding(tx, onboardingId, { isAmendment });
      const [{ files }] = await tx
        .select({ files: count() })
        .from(onboardingFiles)
        .where(eq(onboardingFiles.projectId, project.id));
      if (files >= ONBOARDING_MAX_FILES)
        throw new AppError(
          "CONFLICT",
          `Up to ${ONBOARDING_MAX_FILES} files can be uploaded. Remove one first.`,
        );
      const storageKey = `onboarding/${project.id}/${randomBytes(12).toString("hex")}.${type.extension}`;
      await storage.put(storageKey, file ?? (bytes as Buffer), type.contentType);
      storedKey = storageKey;
      const [saved] = await tx
        .insert(onboardingFiles)
        .values({
          projectId: project.id,
          storageKey,
          filename: safeName,
          contentType: type.contentType,
          size,
        })
        .returning();
      await audit(tx, address, "upload", project.id, { file: safeName, size });
      return saved;
    });
  } catch (error) {
    // The record was not written: the stored copy goes too.
    if (storedKey) await storage.delete(storedKey).catch(() => {});
    throw error;
  }
}

export async function removeOnboardingFile({
  db,
  env,
  onboardingId,
  fileId,
  address,
}: {
  db: Db;
  env: Pick<Env, "DATA_DIR">;
  onboardingId: string;
  fileId: string;
  address?: string;
}) {
  const file = await db.transaction(async (tx) => {
    const { project } = await openOnboarding(tx, onboardingId);
    const [removed] = await tx
      .delete(onboardingFiles)
      .where(and(eq(onboardingFiles.id, fileId), eq(onboardingFiles.projectId, project.id)))
      .returning();
    if (!removed) throw new AppError("NOT_FOUND", "That file is already gone.");
    await audit(tx, address, "remove-file", project.id, { file: removed.filename });
    return removed;
  });
  await getStorage(env).delete(file.storageKey);
}

/** A file for staff to download: its record and bytes. */
export async function readOnboardingFile({
  db,
  env,
  fileId,
}: {
  db: Db;
  env: Pick<Env, "DATA_DIR">;
  fileId: string;
}) {
  const [file] = await db.select().from(onboardingFiles).where(eq(onboardingFiles.id, fileId));
  if (!file) return undefined;
  const stored = await getStorage(env).get(file.storageKey);
  return stored ? { file, ...stored } : undefined;
}

export async function listOnboardingFiles({ db, projectId }: { db: Db; projectId: string }) {
  return db
    .select()
    .from(onboardingFiles)
    .where(eq(onboardingFiles.projectId, projectId))
    .orderBy(asc(onboardingFiles.createdAt));
}

/**
 * The client is done: onboarding is marked complete, the project becomes
 * active (when it was waiting on onboarding) and staff are told.
 */
export async function submitOnboarding({
  db,
  env,
  onboardingId,
  address,
}: {
  db: Db;
  env: MailEnv;
  onboardingId: string;
  address?: string;
}) {
  const project = await db.transaction(async (tx) => {
    const { project, response } = await openOnboarding(tx, onboardingId);
    const missing = missingAnswers(response?.answers ?? {});
    if (missing.length)
      throw new AppError(
        "INVALID",
        `Please answer: ${missing.map((item) => item.label).join("; ")}.`,
      );
    const now = new Date();
    await tx
      .update(onboardingResponses)
      .set({ submittedAt: now, updatedAt: now })
      .where(
        and(eq(onboardingResponses.projectId, project.id), isNull(onboardingResponses.submittedAt)),
      );
    const [updated] = await tx
      .update(projects)
      .set({
        onboardingCompletedAt: now,
        status: project.status === "onboarding" ? "active" : project.status,
        updatedAt: now,
      })
      .where(eq(projects.id, project.id))
      .returning();
    await audit(tx, address, "submit", project.id, { from: project.status, to: updated.status });
    return updated;
  });
  await notifyStaff(
    { db, env },
    {
      subject: `Onboarding complete: ${project.name}`,
      text: `The client finished onboarding for "${project.name}". The project is now ${project.status}.\n\n${env.PUBLIC_URL}/admin/projects/edit/${project.id}`,
    },
  );
  return project;
}
