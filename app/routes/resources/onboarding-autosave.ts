import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { saveOnboardingStep } from "#server/onboarding/onboarding.ts";
import type { Route } from "./+types/onboarding-autosave";

/**
 * The onboarding form saves a step's answers when the client leaves a field.
 * It stays on the step, so the answer is only whether the answers were kept.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    const step = Number(form.get("step") ?? 0);
    await saveOnboardingStep({
      db: context.db,
      onboardingId: params.projectId,
      stepId: String(form.get("stepId") ?? ""),
      values: Object.fromEntries(form),
      nextStep: step,
      address: context.clientAddress,
    });
    return { ok: true as const, savedAt: new Date().toISOString() };
  } catch (error) {
    return errorResponse(error);
  }
}
