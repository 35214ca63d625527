import { useActionData, useNavigation } from "react-router";
import { ClientPageFooter } from "#app/components/business/client-page-footer.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import {
  addOnboardingFile,
  getOnboarding,
  removeOnboardingFile,
  saveOnboardingStep,
  submitOnboarding,
} from "#server/onboarding/onboarding.ts";
import { redirectWithToast } from "#server/toast.ts";
import { readUploadForm, type UploadForm } from "#server/upload-form.ts";
import {
  missingAnswers,
  ONBOARDING_FILE_TOO_LARGE,
  ONBOARDING_MAX_FILE_BYTES,
  onboardingSteps,
} from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";
import { OnboardingFiles } from "./onboarding-files";
import { OnboardingProgress } from "./onboarding-progress";
import { OnboardingReview } from "./onboarding-review";
import { OnboardingStepForm } from "./onboarding-step-form";
import { useStepAutosave } from "./use-step-autosave";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `Onboarding: ${data.project.name} | Frontier` : "Onboarding | Frontier" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

const reviewStep = onboardingSteps.length;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const onboarding = await getOnboarding({ db: context.db, onboardingId: params.projectId });
  invariantResponse(onboarding, "Not Found", { status: 404 });
  const stepParam = Number(url.searchParams.get("step"));
  const step =
    Number.isInteger(stepParam) &&
    stepParam >= 0 &&
    stepParam <= reviewStep &&
    url.searchParams.has("step")
      ? stepParam
      : Math.min(onboarding.currentStep, reviewStep);
  return {
    project: {
      name: onboarding.project.name,
      company: onboarding.project.company,
      status: onboarding.project.status,
    },
    answers: onboarding.answers,
    files: onboarding.files.map(({ id, filename, size }) => ({ id, filename, size })),
    submittedAt: onboarding.submittedAt,
    step,
    missing: missingAnswers(onboarding.answers),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const here = `/onboarding/${params.projectId}`;
  const address = context.clientAddress;
  let upload: UploadForm | undefined;
  try {
    // A file is written to a temporary file as it arrives, never held whole in memory.
    upload = await readUploadForm(request, {
      dataDir: context.env.DATA_DIR,
      fileField: "file",
      maxFileBytes: ONBOARDING_MAX_FILE_BYTES,
      tooLarge: ONBOARDING_FILE_TOO_LARGE,
    });
    const form = upload.fields;
    const intent = form.get("intent");
    const db = context.db;
    const onboardingId = params.projectId;
    if (intent === "save") {
      const nextStep = Number(form.get("nextStep") ?? 0);
      await saveOnboardingStep({
        db,
        onboardingId,
        stepId: String(form.get("stepId") ?? ""),
        values: Object.fromEntries(form),
        nextStep,
        address,
      });
      return redirectWithToast(`${here}?step=${Math.max(0, Math.min(reviewStep, nextStep))}`, {
        message: "Progress saved.",
      });
    }
    if (intent === "upload") {
      const file = upload.file;
      if (!file?.size) throw new AppError("INVALID", "Choose a file to upload.");
      await addOnboardingFile({
        db,
        env: context.env,
        onboardingId,
        filename: file.name,
        file,
        address,
      });
      return redirectWithToast(
        `${here}?step=${onboardingSteps.findIndex((step) => step.hasFiles)}`,
        { message: `${file.name} uploaded.` },
      );
    }
    if (intent === "remove-file") {
      await removeOnboardingFile({
        db,
        env: context.env,
        onboardingId,
        fileId: String(form.get("fileId") ?? ""),
        address,
      });
      return redirectWithToast(
        `${here}?step=${onboardingSteps.findIndex((step) => step.hasFiles)}`,
        { message: "File removed." },
      );
    }
    if (intent === "submit") {
      await submitOnboarding({ db, env: context.env, onboardingId, address });
      return redirectWithToast(here, {
        message: "Thank you! We have everything we need to start.",
      });
    }
    throw new AppError("INVALID", "Unknown action.");
  } catch (error) {
    return errorResponse(error);
  } finally {
    await upload?.discard();
  }
}

export default function OnboardingPage({ loaderData, params }: Route.ComponentProps) {
  const { project, answers, files, submittedAt, step, missing } = loaderData;
  const submitted = useActionData<typeof action>();
  const autosave = useStepAutosave(params.projectId, step);
  const actionData =
    submitted && "error" in submitted
      ? submitted
      : autosave.result && !autosave.result.ok
        ? autosave.result
        : undefined;
  const isBusy = useNavigation().state === "submitting";
  const current = onboardingSteps[step];
  const autosaveState = autosave.saving
    ? "Saving..."
    : autosave.result?.ok
      ? "All changes saved"
      : "";
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-5 py-12 sm:py-16">
      <p className="eyebrow">Welcome to Frontier</p>
      <h1 className="heading-lg mt-3">Let's get {project.name} started</h1>
      <p className="mt-2 text-mist-300">
        A few questions for {project.company}. Your answers are saved at every step, so you can stop
        and come back to this link at any time.
      </p>
      <p
        className="mt-4 rounded-xl border border-frontier-orange/40 bg-frontier-orange/10 p-4 text-sm text-orange-100"
        data-testid="no-passwords"
      >
        Never send passwords, API keys or other secrets through this form. Tell us who can give us
        access, and we will arrange it with you securely.
      </p>

      {submittedAt ? (
        <div role="status" className="card mt-8" data-testid="onboarding-done">
          <h2 className="heading-md">Thank you, we have everything we need.</h2>
          <p className="mt-2 text-mist-300">
            Your project team will be in touch shortly to kick things off.
          </p>
        </div>
      ) : project.status === "cancelled" ? (
        <p role="status" className="card mt-8">
          This project has been cancelled.
        </p>
      ) : (
        <>
          <OnboardingProgress step={step} />
          <FormError error={actionData?.error} />
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
              {current.hasFiles ? <OnboardingFiles files={files} isBusy={isBusy} /> : null}
            </section>
          ) : (
            <OnboardingReview answers={answers} files={files} missing={missing} isBusy={isBusy} />
          )}
        </>
      )}
      <ClientPageFooter />
    </main>
  );
}
