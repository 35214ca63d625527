import { Form } from "react-router";
import { Field } from "#app/components/business/fields.tsx";
import type { OnboardingStep } from "#shared/business/onboarding-form.ts";
import type { Route } from "./+types/onboarding";

type OnboardingStepFormProps = {
  current: OnboardingStep;
  step: number;
  answers: Route.ComponentProps["loaderData"]["answers"];
  errors?: Record<string, string[]>;
  isBusy: boolean;
  /** What the autosave is doing, read out politely. */
  autosaveState: string;
  onAutosave: (form: HTMLFormElement) => Promise<void>;
};

/** One step's questions, saved as the client leaves each field and again on Save and continue. */
export function OnboardingStepForm({
  current,
  step,
  answers,
  errors,
  isBusy,
  autosaveState,
  onAutosave,
}: OnboardingStepFormProps) {
  return (
    <Form
      method="post"
      className="mt-5 flex flex-col gap-4"
      onBlur={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.name && target.tagName !== "BUTTON" && target.defaultValue !== target.value) {
          target.defaultValue = target.value;
          void onAutosave(event.currentTarget);
        }
      }}
    >
      <input type="hidden" name="stepId" value={current.id} />
      {current.fields.map((field) => (
        <Field
          key={field.name}
          label={field.isRequired ? `${field.label} (required)` : field.label}
          name={field.name}
          errors={errors}
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
      <p className="text-xs text-mist-400" aria-live="polite" data-testid="autosave-state">
        {autosaveState}
      </p>
    </Form>
  );
}
