import { Link, useActionData, useNavigation } from "react-router";
import { FormError } from "#app/components/business/fields.tsx";
import { OnboardingFiles } from "#app/routes/client/onboarding-files.tsx";
import { OnboardingProgress } from "#app/routes/client/onboarding-progress.tsx";
import { OnboardingReview } from "#app/routes/client/onboarding-review.tsx";
import { OnboardingStepForm } from "#app/routes/client/onboarding-step-form.tsx";
import { useStepAutosave } from "#app/routes/client/use-step-autosave.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { portalData } from "#server/portal/http.ts";
import {
  getPortalOnboarding,
  removePortalOnboardingFile,
  requireOwnProject,
  savePortalOnboardingStep,
  submitPortalOnboarding,
  uploadPortalOnboardingFile,
} from "#server/portal/onboarding.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  missingAnswers,
  ONBOARDING_MAX_FILE_BYTES,
  onboardingSteps,
} from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";
import { AnswersSummary } from "./answers-summary";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Onboarding: ${data?.project.name ?? "project"} | Frontier client portal` },
];

const reviewStep = onboardingSteps.length;
const filesStep = onboardingSteps.findIndex((step) => step.hasFiles);

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const onboarding = await portalData(() =>
    getPortalOnboarding({ db: args.context.db, viewer, projectId: args.params.id }),
  );
  const { url } = args;
  const stepParam = Number(url.searchParams.get("step"));
  const asked =
    url.searchParams.has("step") &&
    Number.isInteger(stepParam) &&
    stepParam >= 0 &&
    stepParam <= reviewStep;
  const step = asked
    ? stepParam
    : onboarding.stage === "to-do"
      ? Math.min(onboarding.currentStep, reviewStep)
      : reviewStep;
  return {
    project: {
      id: args.params.id,
      name: onboarding.project.name,
      status: onboarding.project.status,
    },
    stage: onboarding.stage,
    answers: onboarding.answers,
    files: onboarding.files.map(({ id, filename, size }) => ({ id, filename, size })),
    submittedAt: onboarding.submittedAt,
    step,
    missing: missingAnswers(onboarding.answers),
  };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requirePortalViewer(args);
  const { request, context, params } = args;
  const here = `/portal/projects/${params.id}/onboarding`;
  const common = { db: context.db, viewer, projectId: params.id, address: context.clientAddress };
  // Another client's project is a 404 whatever is asked of it.
  await portalData(() => requireOwnProject(common));
  try {
    if (Number(request.headers.get("Content-Length") ?? 0) > ONBOARDING_MAX_FILE_BYTES + 64 * 1024)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        "That file is larger than 10 MB. Please send a smaller version.",
      );
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "save") {
      const nextStep = Math.max(0, Math.min(reviewStep, Number(form.get("nextStep") ?? 0) || 0));
      await savePortalOnboardingStep({
        ...common,
        stepId: String(form.get("stepId") ?? ""),
        values: Object.fromEntries(form),
        nextStep,
      });
      return redirectWithToast(`${here}?step=${nextStep}`, { message: "Your answers are saved." });
    }
    if (intent === "upload") {
      const file = form.get("file");
      if (!(file instanceof File) || !file.size)
        throw new AppError("INVALID", "Choose a file to upload.");
      await uploadPortalOnboardingFile({
        ...common,
        env: context.env,
        filename: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
      });
      return redirectWithToast(`${here}?step=${filesStep}`, { message: `${file.name} uploaded.` });
    }
    if (intent === "remove-file") {
      await removePortalOnboardingFile({
        ...common,
        env: context.env,
        fileId: String(form.get("fileId") ?? ""),
      });
      return redirectWithToast(`${here}?step=${filesStep}`, { message: "File removed." });
    }
    if (intent === "submit") {
      await submitPortalOnboarding({ ...common, env: context.env });
      return redirectWithToast(`/portal/projects/${params.id}`, {
        message: "Thank you! We have everything we need to start.",
      });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  }
}

export default function PortalOnboarding({ loaderData }: Route.ComponentProps) {
  const { project, stage, answers, files, step, missing } = loaderData;
  const submitted = useActionData<typeof action>();
  // Each field is saved as the contact leaves it, as on the mailed form.
  const autosave = useStepAutosave(
    project.id,
    step,
    `/portal/projects/${project.id}/onboarding/autosave`,
  );
  const actionData =
    submitted && "error" in submitted
      ? submitted
      : autosave.result && !autosave.result.ok
        ? autosave.result
        : undefined;
  const autosaveState = autosave.saving
    ? "Saving..."
    : autosave.result?.ok
      ? "All changes saved"
      : "";
  const isBusy = useNavigation().state === "submitting";
  const current = stage === "closed" ? undefined : onboardingSteps[step];
  return (
    <main id="main">
      <Link
        to={`/portal/projects/${project.id}`}
        className="text-sm text-mist-400 hover:text-white"
      >
        ← {project.name}
      </Link>
      <h1 className="heading-lg mt-3">Onboarding</h1>
      <p className="mt-2 text-mist-300">
        {stage === "to-do"
          ? "A few questions about your company, goals and brand. Every step is saved, so you can stop and come back."
          : stage === "amendable"
            ? "Your answers are with the team. You can still correct them until the project starts."
            : "The project has started, so these answers are closed. Tell your project team what changed."}
      </p>
      <p className="mt-4 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-sm text-orange-100">
        Never send passwords, API keys or other secrets through this form.
      </p>
      {stage === "to-do" ? <OnboardingProgress step={step} /> : null}
      <div className="mt-4">
        <FormError error={actionData?.error} />
      </div>
      {current ? (
        <section className="card mt-6" aria-labelledby="step-title">
          <h2 id="step-title" className="heading-md">
            {current.title}
          </h2>
          <p className="mt-1 text-sm text-mist-300">{current.intro}</p>
          <OnboardingStepForm
            key={current.id}
            current={current}
            step={step}
            answers={answers}
            errors={actionData?.fieldErrors}
            isBusy={isBusy}
            autosaveState={autosaveState}
            onAutosave={autosave.save}
          />
          {current.hasFiles ? (
            <OnboardingFiles files={files} isBusy={isBusy} canRemove={stage === "to-do"} />
          ) : null}
        </section>
      ) : stage === "to-do" ? (
        <OnboardingReview answers={answers} files={files} missing={missing} isBusy={isBusy} />
      ) : (
        <AnswersSummary answers={answers} files={files} canEdit={stage === "amendable"} />
      )}
    </main>
  );
}
