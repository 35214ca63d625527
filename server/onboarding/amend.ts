import { eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit.ts";
import { todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { onboardingResponses, projects } from "#server/db/schema/projects.ts";
import { AppError, invalid } from "#server/errors.ts";
import {
  missingAnswers,
  onboardingStepSchema,
  onboardingSteps,
} from "#shared/business/onboarding-form.ts";

// After submitting, a signed-in client may still correct their answers until the
// project starts (decision 407); the mailed link stays closed once submitted.

/** Whether submitted answers may still change: the project is under way or over once its start date comes. */
export function canAmendOnboarding(
  project: { status: string; startDate: string | null },
  today = todayIso(),
) {
  if (project.status === "cancelled" || project.status === "completed") return false;
  return !project.startDate || project.startDate > today;
}

/** Changes one step of submitted answers; required answers stay required. */
export async function amendOnboardingAnswers({
  db,
  projectId,
  stepId,
  values,
  actorEmail,
  address,
  today = todayIso(),
}: {
  db: Db;
  projectId: string;
  stepId: string;
  values: Record<string, unknown>;
  actorEmail?: string | null;
  address?: string;
  today?: string;
}) {
  const step = onboardingSteps.find((candidate) => candidate.id === stepId);
  if (!step) throw new AppError("INVALID", "That step does not exist.");
  const complete = Object.fromEntries(
    step.fields.map((field) => [field.name, values[field.name] ?? ""]),
  );
  const parsed = onboardingStepSchema(step).safeParse(complete);
  if (!parsed.success) throw invalid(parsed.error);
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    if (!project) throw new AppError("NOT_FOUND", "That project does not exist.");
    const [response] = await tx
      .select()
      .from(onboardingResponses)
      .where(eq(onboardingResponses.projectId, projectId))
      .for("update");
    if (!response?.submittedAt)
      throw new AppError("CONFLICT", "These answers are not submitted yet: finish the form first.");
    if (!canAmendOnboarding(project, today))
      throw new AppError(
        "CONFLICT",
        "The project has started, so the onboarding answers are closed. Tell your project team what changed.",
      );
    const answers = { ...response.answers, ...(parsed.data as Record<string, string>) };
    const missing = missingAnswers(answers);
    if (missing.length)
      throw new AppError("INVALID", `This answer is still needed: ${missing[0].label}.`, {
        fieldErrors: Object.fromEntries(
          missing.map((item) => [item.field, ["This answer is needed."]]),
        ),
      });
    await tx
      .update(onboardingResponses)
      .set({ answers, updatedAt: new Date() })
      .where(eq(onboardingResponses.projectId, projectId));
    await recordAudit(tx, {
      actorId: null,
      actorEmail: actorEmail ?? null,
      address: address ?? null,
      action: "amend-step",
      area: "onboarding",
      recordId: projectId,
      detail: { step: stepId },
    });
    return { answers };
  });
}
