import { Form } from "react-router";
import { onboardingSteps } from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";

type OnboardingData = Route.ComponentProps["loaderData"];

type OnboardingReviewProps = Pick<OnboardingData, "answers" | "files" | "missing"> & {
  isBusy: boolean;
};

/** Every answer given and every file sent, what is still missing, and the submit button. */
export function OnboardingReview({ answers, files, missing, isBusy }: OnboardingReviewProps) {
  return (
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
        <a href={`?step=${onboardingSteps.length - 1}`} className="btn-secondary">
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
  );
}
