import { useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "#app/components/business/fields.tsx";
import { AppError, errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  addOnboardingFile,
  getOnboarding,
  removeOnboardingFile,
  saveOnboardingStep,
  submitOnboarding,
} from "#server/onboarding/onboarding.ts";
import { redirectWithToast } from "#server/toast.ts";
import {
  missingAnswers,
  ONBOARDING_MAX_FILE_BYTES,
  onboardingSteps,
} from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `Onboarding: ${data.project.name} | Frontier` : "Onboarding | Frontier" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

const reviewStep = onboardingSteps.length;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const onboarding = await getOnboarding({ db: context.db, onboardingId: params.projectId });
  invariantResponse(onboarding, "Not Found", { status: 404 });
  const stepParam = Number(new URL(request.url).searchParams.get("step"));
  const step =
    Number.isInteger(stepParam) &&
    stepParam >= 0 &&
    stepParam <= reviewStep &&
    new URL(request.url).searchParams.has("step")
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
  const length = Number(request.headers.get("Content-Length") ?? 0);
  try {
    if (length > ONBOARDING_MAX_FILE_BYTES + 64 * 1024)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        "That file is larger than 10 MB. Please send a smaller version.",
      );
    const form = await readForm(request);
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
      const file = form.get("file");
      if (!(file instanceof File) || !file.size)
        throw new AppError("INVALID", "Choose a file to upload.");
      await addOnboardingFile({
        db,
        env: context.env,
        onboardingId,
        filename: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
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
  }
}

function Progress({ step }: { step: number }) {
  return (
    <ol className="mt-8 flex flex-wrap gap-2 text-xs" aria-label="Steps">
      {[...onboardingSteps.map((item) => item.title), "Review"].map((title, index) => (
        <li
          key={title}
          aria-current={index === step ? "step" : undefined}
          className={`rounded-full px-3 py-1 ${index === step ? "bg-frontier-orange text-ink-950" : index < step ? "bg-frontier-blue/20 text-blue-100" : "bg-white/5 text-mist-400"}`}
        >
          {index + 1}. {title}
        </li>
      ))}
    </ol>
  );
}

type AutosaveResult =
  | { ok: true; savedAt: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

/**
 * Saves a step's answers when the client leaves a field. A plain request, not a
 * router submission: leaving a field by clicking "Save and continue" starts both
 * at once, and a router submission ending during that save's navigation would
 * cut the navigation short. Only the newest answer counts; each step starts blank.
 */
function useStepAutosave(projectId: string, step: number) {
  const [state, setState] = useState<{ step: number; saving: boolean; result?: AutosaveResult }>({
    step,
    saving: false,
  });
  const latest = useRef(0);
  const lastSent = useRef("");
  const save = async (form: HTMLFormElement) => {
    const body = new FormData(form);
    body.set("step", String(step));
    // The same answers again (focus moving between unchanged fields) need no second request.
    const answers = new URLSearchParams(
      [...body].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ).toString();
    if (answers === lastSent.current) return;
    lastSent.current = answers;
    const request = ++latest.current;
    setState({ step, saving: true });
    let result: AutosaveResult;
    try {
      const response = await fetch(`/onboarding/${projectId}/autosave`, { method: "POST", body });
      result = response.headers.get("Content-Type")?.includes("application/json")
        ? ((await response.json()) as AutosaveResult)
        : { ok: false, error: "Your answers could not be saved. Use Save and continue." };
    } catch {
      result = {
        ok: false,
        error: "The connection is down. Your answers are still here; save once it is back.",
      };
    }
    // Only a refusal of these very answers makes sending them again pointless.
    if (!result.ok && !result.fieldErrors) lastSent.current = "";
    if (request === latest.current) setState({ step, saving: false, result });
  };
  const current = state.step === step ? state : { saving: false, result: undefined };
  return { saving: current.saving, result: current.result, save };
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
          <Progress step={step} />
          <FormError error={actionData?.error} />
          {current ? (
            <section className="card mt-6" aria-labelledby="step-title">
              <h2 id="step-title" className="heading-md">
                {current.title}
              </h2>
              <p className="mt-1 text-sm text-mist-300">{current.intro}</p>
              <Form
                method="post"
                className="mt-5 flex flex-col gap-4"
                key={current.id}
                onBlur={(event) => {
                  const target = event.target as unknown as HTMLInputElement;
                  if (
                    target.name &&
                    target.tagName !== "BUTTON" &&
                    target.defaultValue !== target.value
                  ) {
                    target.defaultValue = target.value;
                    void autosave.save(event.currentTarget);
                  }
                }}
              >
                <input type="hidden" name="stepId" value={current.id} />
                {current.fields.map((field) => (
                  <Field
                    key={field.name}
                    label={field.isRequired ? `${field.label} (required)` : field.label}
                    name={field.name}
                    errors={actionData?.fieldErrors}
                    hint={field.hint}
                  >
                    {(props) =>
                      field.kind === "textarea" ? (
                        <textarea
                          {...props}
                          name={field.name}
                          rows={4}
                          maxLength={5000}
                          defaultValue={answers[field.name] ?? ""}
                          className="field-input"
                        />
                      ) : (
                        <input
                          {...props}
                          name={field.name}
                          type={field.kind}
                          maxLength={300}
                          defaultValue={answers[field.name] ?? ""}
                          className="field-input"
                        />
                      )
                    }
                  </Field>
                ))}
                <div className="flex flex-wrap gap-3">
                  {step > 0 ? (
                    <button
                      type="submit"
                      name="nextStep"
                      value={step - 1}
                      className="btn-secondary"
                      disabled={isBusy}
                    >
                      Back
                    </button>
                  ) : null}
                  <button
                    type="submit"
                    name="nextStep"
                    value={step + 1}
                    className="btn-primary"
                    disabled={isBusy}
                  >
                    Save and continue
                  </button>
                </div>
                <input type="hidden" name="intent" value="save" />
                <p
                  className="text-xs text-mist-400"
                  aria-live="polite"
                  data-testid="autosave-state"
                >
                  {autosaveState}
                </p>
              </Form>
              {current.hasFiles ? (
                <div className="mt-8 border-t border-white/10 pt-6">
                  <h3 className="font-semibold text-white">Files</h3>
                  {files.length ? (
                    <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="onboarding-files">
                      {files.map((file) => (
                        <li key={file.id} className="flex items-center justify-between gap-3">
                          <span>
                            {file.filename}{" "}
                            <span className="text-mist-400">
                              ({Math.ceil(file.size / 1024)} KB)
                            </span>
                          </span>
                          <Form method="post">
                            <input type="hidden" name="fileId" value={file.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="remove-file"
                              className="text-sm text-mist-400 underline hover:text-white"
                              aria-label={`Remove ${file.filename}`}
                            >
                              Remove
                            </button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-mist-400">No files yet.</p>
                  )}
                  <Form
                    method="post"
                    encType="multipart/form-data"
                    className="mt-4 flex flex-wrap items-end gap-3"
                  >
                    <div>
                      <label htmlFor="brand-file" className="field-label">
                        Add a file (PDF or image, up to 10 MB)
                      </label>
                      <input
                        id="brand-file"
                        type="file"
                        name="file"
                        required
                        accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
                        className="text-sm text-mist-300"
                      />
                    </div>
                    <button
                      type="submit"
                      name="intent"
                      value="upload"
                      className="btn-secondary px-4 py-2 text-sm"
                      disabled={isBusy}
                    >
                      Upload
                    </button>
                  </Form>
                </div>
              ) : null}
            </section>
          ) : (
            <section className="card mt-6" aria-labelledby="review-title">
              <h2 id="review-title" className="heading-md">
                Review and submit
              </h2>
              <dl className="mt-4 flex flex-col gap-3 text-sm">
                {onboardingSteps.flatMap((item) =>
                  item.fields
                    .filter((field) => answers[field.name]?.trim())
                    .map((field) => (
                      <div key={field.name}>
                        <dt className="text-mist-400">{field.label}</dt>
                        <dd className="whitespace-pre-line">{answers[field.name]}</dd>
                      </div>
                    )),
                )}
                <div>
                  <dt className="text-mist-400">Files</dt>
                  <dd>{files.length ? files.map((file) => file.filename).join(", ") : "None"}</dd>
                </div>
              </dl>
              {missing.length ? (
                <div className="mt-5 text-sm text-orange-100">
                  <p>Still needed before you can submit:</p>
                  <ul className="ml-5 list-disc">
                    {missing.map((item) => (
                      <li key={item.field}>
                        <a
                          href={`?step=${onboardingSteps.findIndex((candidate) => candidate.id === item.step)}`}
                          className="underline"
                        >
                          {item.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Form method="post" className="mt-6 flex flex-wrap gap-3">
                <a href={`?step=${reviewStep - 1}`} className="btn-secondary">
                  Back
                </a>
                <button
                  type="submit"
                  name="intent"
                  value="submit"
                  className="btn-primary"
                  disabled={isBusy || missing.length > 0}
                >
                  Submit onboarding
                </button>
              </Form>
            </section>
          )}
        </>
      )}
      <footer className="mt-16 border-t border-white/10 pt-6 text-sm text-mist-400">
        Frontier · Engineering The Digital Frontier
      </footer>
    </main>
  );
}
