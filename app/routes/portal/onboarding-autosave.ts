import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import { requireOwnProject, savePortalOnboardingStep } from "#server/portal/onboarding.ts";
import type { Route } from "./+types/onboarding-autosave";

/**
 * The portal's onboarding form saves a step when the contact leaves a field, as the mailed
 * form does; it stays on the step, so the answer only says whether the answers were kept.
 */
export async function action(args: Route.ActionArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context, params } = args;
  // Another client's project is a 404 whatever is sent.
  await portalData(() => requireOwnProject({ db: context.db, viewer, projectId: params.id }));
  try {
    const form = await readForm(request);
    const step = Number(form.get("step") ?? 0);
    await savePortalOnboardingStep({
      db: context.db,
      viewer,
      projectId: params.id,
      stepId: String(form.get("stepId") ?? ""),
      values: Object.fromEntries(form),
      nextStep: Number.isInteger(step) ? step : 0,
      address: context.clientAddress,
    });
    return { ok: true as const, savedAt: new Date().toISOString() };
  } catch (error) {
    return errorResponse(error);
  }
}
