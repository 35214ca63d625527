import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { projects } from "#server/db/schema/projects.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { amendOnboardingAnswers } from "#server/onboarding/amend.ts";
import {
  addOnboardingFile,
  getOnboarding,
  removeOnboardingFile,
  saveOnboardingStep,
  submitOnboarding,
} from "#server/onboarding/onboarding.ts";
import { onboardingSteps } from "#shared/business/onboarding-form.ts";
import { recordPortalEvent } from "./activity";
import { onboardingStage } from "./projects";
import type { PortalViewer } from "./session";

// The onboarding form inside the portal: before submitting, exactly the mailed link's
// form (server/onboarding); afterwards, answers the client may amend until the project starts.

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "PUBLIC_URL" | "STAFF_EMAIL" | "DATA_DIR">;

/** The project when it is the viewer's client's; else NOT_FOUND. */
export async function requireOwnProject({
  db,
  viewer,
  projectId,
}: {
  db: Db;
  viewer: Pick<PortalViewer, "clientId">;
  projectId: string;
}) {
  if (!isUuid(projectId)) throw new AppError("NOT_FOUND", "That project does not exist.");
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      startDate: projects.startDate,
      onboardingId: projects.onboardingId,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, viewer.clientId)));
  if (!project) throw new AppError("NOT_FOUND", "That project does not exist.");
  return project;
}

export async function getPortalOnboarding({
  db,
  viewer,
  projectId,
}: {
  db: Db;
  viewer: PortalViewer;
  projectId: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  const onboarding = await getOnboarding({ db, onboardingId: project.onboardingId });
  if (!onboarding) throw new AppError("NOT_FOUND", "That project does not exist.");
  return {
    ...onboarding,
    project: { ...onboarding.project, startDate: project.startDate },
    stage: onboardingStage(project, onboarding.submittedAt),
  };
}

const stepTitle = (stepId: string) =>
  onboardingSteps.find((step) => step.id === stepId)?.title ?? stepId;

/** Saves one step: into the open form before submitting, as an amendment after. */
export async function savePortalOnboardingStep({
  db,
  viewer,
  projectId,
  stepId,
  values,
  nextStep,
  address,
}: {
  db: Db;
  viewer: PortalViewer;
  projectId: string;
  stepId: string;
  values: Record<string, unknown>;
  nextStep: number;
  address: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  const onboarding = await getOnboarding({ db, onboardingId: project.onboardingId });
  if (onboarding?.submittedAt)
    await amendOnboardingAnswers({
      db,
      projectId,
      stepId,
      values,
      actorEmail: viewer.email,
      address,
    });
  else
    await saveOnboardingStep({
      db,
      onboardingId: project.onboardingId,
      stepId,
      values,
      nextStep,
      address,
    });
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "onboarding-saved",
    summary: `${viewer.name} saved "${stepTitle(stepId)}" of the onboarding for ${project.name}${onboarding?.submittedAt ? " (after submitting)" : ""}`,
    detail: { projectId, step: stepId },
  });
}

export async function uploadPortalOnboardingFile({
  db,
  env,
  viewer,
  projectId,
  filename,
  bytes,
  address,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  projectId: string;
  filename: string;
  bytes: Buffer;
  address: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  // After submitting, files can still be added (not removed) until the project starts.
  const file = await addOnboardingFile({
    db,
    env,
    onboardingId: project.onboardingId,
    filename,
    bytes,
    address,
    isAmendment: true,
  });
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "file-uploaded",
    summary: `${viewer.name} uploaded ${file.filename} for ${project.name}`,
    detail: { projectId, fileId: file.id },
  });
  return file;
}

export async function removePortalOnboardingFile({
  db,
  env,
  viewer,
  projectId,
  fileId,
  address,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  projectId: string;
  fileId: string;
  address: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  if (!isUuid(fileId)) throw new AppError("NOT_FOUND", "That file is already gone.");
  await removeOnboardingFile({ db, env, onboardingId: project.onboardingId, fileId, address });
}

export async function submitPortalOnboarding({
  db,
  env,
  viewer,
  projectId,
  address,
}: {
  db: Db;
  env: MailEnv;
  viewer: PortalViewer;
  projectId: string;
  address: string;
}) {
  const project = await requireOwnProject({ db, viewer, projectId });
  const submitted = await submitOnboarding({
    db,
    env,
    onboardingId: project.onboardingId,
    address,
  });
  await recordPortalEvent(db, {
    viewer,
    address,
    action: "onboarding-submitted",
    summary: `${viewer.name} submitted the onboarding for ${project.name}`,
    detail: { projectId },
  });
  return submitted;
}
