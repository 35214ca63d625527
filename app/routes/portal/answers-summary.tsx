import { Link } from "react-router";
import { onboardingSteps } from "#shared/business/onboarding-form.ts";

type AnswersSummaryProps = {
  answers: Record<string, string>;
  files: Array<{ id: string; filename: string }>;
  /** Until the project starts, each step can be opened again. */
  canEdit: boolean;
};

/** Submitted onboarding answers, step by step, each with its way back in while it may change. */
export function AnswersSummary({ answers, files, canEdit }: AnswersSummaryProps) {
  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="onboarding-answers">
      {onboardingSteps.map((step, index) => (
        <section key={step.id} className="card" aria-labelledby={`answers-${step.id}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`answers-${step.id}`} className="heading-md">
              {step.title}
            </h2>
            {canEdit ? (
              <Link to={`?step=${index}`} className="text-sm text-frontier-blue underline">
                Edit<span className="sr-only"> {step.title}</span>
              </Link>
            ) : null}
          </div>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            {step.fields.map((field) => (
              <div key={field.name}>
                <dt className="text-mist-400">{field.label}</dt>
                <dd className="whitespace-pre-line">{answers[field.name]?.trim() || "—"}</dd>
              </div>
            ))}
            {step.hasFiles ? (
              <div>
                <dt className="text-mist-400">Files</dt>
                <dd>{files.length ? files.map((file) => file.filename).join(", ") : "None"}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ))}
    </div>
  );
}
